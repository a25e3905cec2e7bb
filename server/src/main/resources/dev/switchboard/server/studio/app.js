// Studio's page: wires the graph, run, threads and checkpoint views to the server's public API.
import { api } from './api.js';
import { el } from './dom.js';
import * as diagram from './diagram.js';
import * as form from './form.js';
import { branches, diff, messagesIn, writers } from './timeline.js';
import * as platform from './platform.js';
import * as store from './store.js';

const $ = (id) => document.getElementById(id);
const view = { assistant: null, nodes: [], svgNodes: new Map(), thread: null, timeline: [], checkpoint: null };

function status(message) {
  $('status').textContent = message || '';
}

const pretty = (v) => JSON.stringify(v, null, 2);
const when = (iso) => (iso ? new Date(iso).toLocaleString() : '');

// ---- graph -----------------------------------------------------------------------------------

async function loadAssistants() {
  const found = await api.post('/assistants/search', { limit: 100 });
  const select = $('assistant');
  select.replaceChildren(...found.map((a) => new Option(a.graph_id, a.assistant_id)));
  const wanted = new URLSearchParams(location.search).get('graph');
  const pick = found.find((a) => a.graph_id === wanted) || found[0];
  if (pick) select.value = pick.assistant_id;
  await selectAssistant();
}

async function selectAssistant() {
  const id = $('assistant').value;
  view.assistant = id;
  const [schemas, subgraphs, plain, xray] = await Promise.all([
    api.get(`/assistants/${id}/schemas`),
    api.get(`/assistants/${id}/subgraphs`).catch(() => ({})),
    api.get(`/assistants/${id}/graph`),
    api.get(`/assistants/${id}/graph?xray=true`),
  ]);
  view.drawings = { plain, xray };
  const nested = Object.keys(subgraphs || {}).length > 0 || xray.nodes.some((n) => n.id.includes(':'));
  $('xray-label').hidden = !nested;
  // breakpoints and "as node" name the graph's own nodes, never a subgraph's
  view.nodes = plain.nodes.map((n) => n.id).filter((n) => n !== '__start__' && n !== '__end__');
  form.build($('input-fields'), schemas.input_schema);
  buildBreakpoints();
  await drawGraph();
  await loadThreads();
}

async function drawGraph() {
  const drawing = $('xray').checked && !$('xray-label').hidden ? view.drawings.xray : view.drawings.plain;
  view.svgNodes = await diagram.render($('diagram'), drawing, graphName());
}

function buildBreakpoints() {
  const box = $('breakpoints');
  box.querySelectorAll('.field').forEach((f) => f.remove());
  for (const n of view.nodes) {
    const row = el('div', { className: 'field' }, el('span', {}, n));
    const cell = el('div');
    for (const when of ['before', 'after']) {
      const box = el('input', { type: 'checkbox', id: `bp-${when}-${n}`, dataset: { node: n, when } });
      cell.append(el('label', {}, box, `interrupt ${when}`));
    }
    row.append(cell);
    box.append(row);
  }
}

// ---- runs ------------------------------------------------------------------------------------

function breakpoints(when) {
  return [...document.querySelectorAll(`#breakpoints input[data-when=${when}]:checked`)].map((b) => b.dataset.node);
}

/** Streams one run on a thread, showing per-node progress; then shows the thread where it stopped. */
async function stream(threadId, body) {
  $('run-status').value = 'running';
  $('progress').replaceChildren();
  $('run-events').replaceChildren();
  diagram.clear(view.svgNodes);
  enterThread(threadId);
  // `messages` sends each message complete once, and a streamed one as it grows, token by token
  const request = { assistant_id: view.assistant, stream_mode: ['values', 'updates', 'messages', 'debug'], ...body };
  let failed = null;
  try {
    for await (const ev of api.stream(`/threads/${threadId}/runs/stream`, request)) onEvent(ev, (e) => (failed = e));
  } catch (e) {
    failed = e.message;
  }
  await openThread(threadId);
  const state = await api.get(`/threads/${threadId}/state`);
  $('run-values').textContent = pretty(state.values);
  const interrupted = state.tasks.some((t) => t.interrupts.length);
  $('run-status').value = failed ? `error: ${failed}` : interrupted ? 'interrupted' : state.next.length ? `paused before ${state.next.join(', ')}` : 'done';
  for (const n of state.next) diagram.mark(view.svgNodes, n, 'paused');
}

function onEvent(ev, fail) {
  $('run-events').append(el('li', {}, `${ev.event}${ev.namespace ? ` [${ev.namespace}]` : ''}: ${JSON.stringify(ev.data).slice(0, 300)}`));
  if (ev.event === 'values' && !ev.namespace) $('run-values').textContent = pretty(ev.data);
  if (ev.event === 'error') fail(ev.data && (ev.data.message || ev.data.error));
  if (ev.event === 'debug' && ev.data && ev.data.payload) {
    const name = ev.data.payload.name;
    if (ev.data.type === 'task') progress(name, 'running');
    if (ev.data.type === 'task_result') {
      const paused = (ev.data.payload.interrupts || []).length > 0;
      progress(name, paused ? 'interrupted' : 'done');
    }
  }
  if (ev.namespace || !Array.isArray(ev.data)) return;
  if (ev.event === 'messages/complete') ev.data.forEach((m) => showMessage(m, false));
  if (ev.event === 'messages/partial') ev.data.forEach((m) => showMessage(m, true));
}

function progress(name, state) {
  let li = $('progress').querySelector(`li[data-node="${CSS.escape(name)}"]:not([data-state=done])`);
  if (!li || state === 'running') {
    li = el('li', { dataset: { node: name } }, name);
    $('progress').append(li);
  }
  li.dataset.state = state;
  diagram.mark(view.svgNodes, name, state === 'interrupted' ? 'paused' : state);
}

async function startRun(event) {
  event.preventDefault();
  status('');
  let input;
  try {
    input = form.read($('input-fields'));
  } catch (e) {
    status(e.message);
    return;
  }
  const reuse = $('run-on-thread').checked && view.thread;
  const threadId = reuse ? view.thread : (await api.post('/threads', { metadata: { graph_id: graphName() } })).thread_id;
  await stream(threadId, { input, interrupt_before: breakpoints('before'), interrupt_after: breakpoints('after') });
}

const graphName = () => $('assistant').selectedOptions[0].text;

// ---- threads ---------------------------------------------------------------------------------

async function loadThreads(event) {
  if (event) event.preventDefault();
  const text = $('thread-search').value.trim();
  const query = { limit: 100 };
  if ($('thread-status').value) query.status = $('thread-status').value;
  const eq = text.indexOf('=');
  if (eq > 0) query.metadata = { [text.slice(0, eq).trim()]: parseLoose(text.slice(eq + 1).trim()) };
  let found = await api.post('/threads/search', query);
  if (text && eq < 0) found = found.filter((t) => t.thread_id.includes(text));
  found.sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)));
  $('threads').replaceChildren(...found.map(threadRow));
}

function parseLoose(s) {
  try { return JSON.parse(s); } catch { return s; }
}

function threadRow(t) {
  const open = el('button', { type: 'button', className: 'link', dataset: { threadId: t.thread_id } }, t.thread_id);
  open.addEventListener('click', () => openThread(t.thread_id));
  return el('li', { dataset: { threadId: t.thread_id }, 'aria-current': String(t.thread_id === view.thread) },
    open, el('span', { className: 'muted' }, `${(t.metadata || {}).graph_id || ''} · ${t.status} · ${when(t.created_at)}`));
}

// Shows a run's thread as soon as it starts, so its messages can stream into the transcript.
function enterThread(threadId) {
  if (view.thread === threadId && !$('thread-section').hidden) return;
  view.thread = threadId;
  $('thread-section').hidden = false;
  $('thread-title').textContent = `Thread ${threadId}`;
  $('timeline').replaceChildren();
  for (const box of ['checkpoint-box', 'interrupts-box', 'breakpoint-box']) $(box).hidden = true;
  showMessages({});
}

async function openThread(threadId) {
  view.thread = threadId;
  $('thread-section').hidden = false;
  $('thread-title').textContent = `Thread ${threadId}`;
  const [state, history] = await Promise.all([
    api.get(`/threads/${threadId}/state`),
    api.post(`/threads/${threadId}/history`, { limit: 200 }),
  ]);
  await loadThreads();
  showInterrupts(state);
  showMessages(state.values);
  view.timeline = branches(history, state.checkpoint && state.checkpoint.checkpoint_id);
  $('timeline').replaceChildren(...view.timeline.map(timelineRow));
  $('checkpoint-box').hidden = true;
}

function timelineRow(entry) {
  const s = entry.state;
  const md = s.metadata || {};
  const id = s.checkpoint.checkpoint_id;
  const open = el('button', { type: 'button', className: 'link', dataset: { checkpointId: id } },
    `step ${md.step} · ${md.source || ''} · ${writers(entry).join(', ') || '—'}`);
  open.addEventListener('click', () => openCheckpoint(id));
  const li = el('li', { dataset: { checkpointId: id, branch: String(entry.branch), step: String(md.step) }, style: `--branch:${entry.branch}` },
    open, el('span', { className: 'muted' }, ` ${when(s.created_at)}`),
    el('span', { className: 'branch' }, entry.branch === 0 ? 'main' : `branch ${entry.branch}`));
  if (entry.forkPoint) li.classList.add('fork-point');
  return li;
}

function openCheckpoint(id) {
  const entry = view.timeline.find((e) => e.state.checkpoint.checkpoint_id === id);
  view.checkpoint = entry;
  for (const li of $('timeline').children) li.setAttribute('aria-current', String(li.dataset.checkpointId === id));
  $('checkpoint-box').hidden = false;
  $('checkpoint-title').textContent = `Checkpoint ${id} (step ${entry.state.metadata.step})`;
  $('checkpoint-state').textContent = pretty({ values: entry.state.values, next: entry.state.next, metadata: entry.state.metadata });
  const rows = diff(entry.parent && entry.parent.values, entry.state.values);
  $('checkpoint-diff').tBodies[0].replaceChildren(...rows.map((r) =>
    el('tr', { className: r.kind }, el('th', { scope: 'row' }, r.key), el('td', {}, r.before ?? ''), el('td', {}, r.after ?? ''))));
  buildForkEditor(entry);
}

function buildForkEditor(entry) {
  const editor = $('fork-editor');
  editor.replaceChildren();
  for (const [key, value] of Object.entries(entry.state.values || {})) {
    const input = el('textarea', { id: `fork-${key}`, rows: 1, dataset: { key, original: JSON.stringify(value) } });
    input.value = JSON.stringify(value);
    editor.append(el('div', { className: 'field' }, el('label', { htmlFor: input.id }, key), input));
  }
  const asNode = $('fork-as-node');
  asNode.replaceChildren(new Option('(the server decides)', ''), ...view.nodes.map((n) => new Option(n, n)));
  const wrote = writers(entry).filter((n) => view.nodes.includes(n));
  asNode.value = wrote.length === 1 ? wrote[0] : '';
}

// A copy keeps every checkpoint, so experiments on it leave the original thread as it was.
async function copyThread() {
  const copy = await api.post(`/threads/${view.thread}/copy`);
  await openThread(copy.thread_id);
}

async function replay() {
  const id = view.checkpoint.state.checkpoint.checkpoint_id;
  await stream(view.thread, { input: null, checkpoint_id: id });
}

async function fork(event) {
  event.preventDefault();
  status('');
  const values = {};
  try {
    for (const input of $('fork-editor').querySelectorAll('textarea')) {
      if (input.value.trim() !== input.dataset.original) values[input.dataset.key] = JSON.parse(input.value);
    }
  } catch (e) {
    status(`The edited value is not valid JSON: ${e.message}`);
    return;
  }
  const body = { values, checkpoint_id: view.checkpoint.state.checkpoint.checkpoint_id };
  if ($('fork-as-node').value) body.as_node = $('fork-as-node').value;
  const updated = await api.post(`/threads/${view.thread}/state`, body);
  await stream(view.thread, { input: null, checkpoint_id: updated.checkpoint.checkpoint_id });
}

// ---- interrupts and messages -----------------------------------------------------------------

function showInterrupts(state) {
  const pending = state.tasks.flatMap((t) => t.interrupts.map((i) => ({ ...i, node: t.name })));
  $('interrupts-box').hidden = pending.length === 0;
  $('interrupts').replaceChildren(...pending.map(interruptRow));
  const breakpoint = pending.length === 0 && state.next.length > 0;
  $('breakpoint-box').hidden = !breakpoint;
  $('breakpoint-text').textContent = breakpoint ? `Paused before ${state.next.join(', ')}.` : '';
}

function interruptRow(i, n) {
  const value = el('textarea', { id: `resume-${n}`, rows: 1, dataset: { interruptId: i.id || '' } });
  const type = el('select', { id: `resume-type-${n}` }, new Option('text', 'text'), new Option('JSON', 'json'));
  return el('div', { className: 'interrupt', dataset: { interruptId: i.id || '' } },
    el('div', {}, `${i.node} asks: `), el('pre', {}, pretty(i.value)),
    el('label', { htmlFor: value.id }, 'Answer'), value, el('label', {}, 'as ', type));
}

function typed(n) {
  const text = $(`resume-${n}`).value;
  return $(`resume-type-${n}`).value === 'json' ? JSON.parse(text) : text;
}

async function resume(event) {
  event.preventDefault();
  status('');
  const rows = [...$('interrupts').children];
  let value;
  try {
    // several pending interrupts are answered together, each by its id (LangGraph's resume map)
    value = rows.length === 1 ? typed(0) : Object.fromEntries(rows.map((r, n) => [r.dataset.interruptId, typed(n)]));
  } catch (e) {
    status(`An answer is not valid JSON: ${e.message}`);
    return;
  }
  await stream(view.thread, { command: { resume: value } });
}

function showMessages(values) {
  const messages = messagesIn(values);
  $('messages-box').hidden = !messages;
  $('messages').replaceChildren(...(messages || []).map(messageRow));
}

function messageRow(m) {
  const who = m.type || m.role;
  const li = el('li', { dataset: { type: who, id: m.id || '' } }, el('span', { className: 'who' }, who));
  // a tool result names its tool and the call it answers
  if (who === 'tool' && m.name) li.append(el('span', { className: 'tool-name' }, `${m.name} (${m.tool_call_id}): `));
  li.append(el('span', { className: 'content' }, typeof m.content === 'string' ? m.content : JSON.stringify(m.content)));
  for (const call of m.tool_calls || []) li.append(el('pre', {}, `→ ${call.name}(${JSON.stringify(call.args)})`));
  return li;
}

// A message of the run: a new id joins the transcript, a known one is redrawn in place, so a
// streamed reply grows token by token and its complete form replaces the last partial one.
function showMessage(m, streaming) {
  if (!m || typeof m !== 'object') return;
  $('messages-box').hidden = false;
  const row = messageRow(m);
  row.classList.toggle('streaming', streaming);
  row.setAttribute('aria-busy', String(streaming));
  const old = m.id ? $('messages').querySelector(`li[data-id="${CSS.escape(m.id)}"]`) : null;
  if (old) old.replaceWith(row);
  else $('messages').append(row);
}

// ---- start -----------------------------------------------------------------------------------

function guard(fn) {
  return (...args) => fn(...args).catch((e) => status(e.message));
}

$('token').value = api.token;
$('token').addEventListener('change', guard(async () => { api.setToken($('token').value); await loadAssistants(); }));
$('assistant').addEventListener('change', guard(selectAssistant));
$('xray').addEventListener('change', guard(drawGraph));
$('run-form').addEventListener('submit', guard(startRun));
$('thread-search-form').addEventListener('submit', guard(loadThreads));
$('replay').addEventListener('click', guard(replay));
$('copy-thread').addEventListener('click', guard(copyThread));
$('fork-form').addEventListener('submit', guard(fork));
$('resume-form').addEventListener('submit', guard(resume));
$('continue').addEventListener('click', guard(() => stream(view.thread, { input: null })));
guard(loadAssistants)();
store.init();
platform.init();
