// The server's public HTTP API (LangGraph Server's), as Studio uses it: nothing private.
const TOKEN_KEY = 'switchboard-studio-token';
// The API's root is where Studio is served, less /studio/: empty on the server's own port, the
// context path when an application serves the API under one (/api/studio/ calls /api/threads/...).
const ROOT = location.pathname.slice(0, Math.max(0, location.pathname.lastIndexOf('/studio/')));

export const api = {
  token: sessionStorage.getItem(TOKEN_KEY) || '',

  setToken(t) {
    this.token = t;
    sessionStorage.setItem(TOKEN_KEY, t);
  },

  headers() {
    const h = { 'Content-Type': 'application/json' };
    if (this.token) h.Authorization = `Bearer ${this.token}`;
    return h;
  },

  async call(method, path, body) {
    const res = await fetch(ROOT + path, { method, headers: this.headers(), body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  },

  get(path) { return this.call('GET', path); },
  post(path, body = {}) { return this.call('POST', path, body); },

  // A run streamed over SSE. EventSource only speaks GET, so the POST body is read by hand.
  async *stream(path, body) {
    const res = await fetch(ROOT + path, { method: 'POST', headers: this.headers(), body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf = (buf + value).replace(/\r\n/g, '\n');
      let end;
      while ((end = buf.indexOf('\n\n')) >= 0) {
        const event = parseEvent(buf.slice(0, end));
        buf = buf.slice(end + 2);
        if (event) yield event;
      }
    }
  },
};

function parseEvent(block) {
  let name = 'message';
  const data = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) name = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (!data.length) return null;
  const text = data.join('\n');
  let parsed;
  try { parsed = JSON.parse(text); } catch { parsed = text; }
  // a subgraph's events are named "mode|namespace"
  const [mode, ...ns] = name.split('|');
  return { event: mode, namespace: ns.join('|'), data: parsed };
}
