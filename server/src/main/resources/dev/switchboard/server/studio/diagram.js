// The graph's diagram: Mermaid text built from the /graph endpoint's nodes and edges, rendered by
// the vendored mermaid.min.js; nodes are found again in the SVG to highlight a run live.
const START = '__start__';
const END = '__end__';
let renders = 0;

export function mermaidText(drawing) {
  const ids = new Map(drawing.nodes.map((n, i) => [n.id, `n${i}`]));
  const lines = ['flowchart TD'];
  const groups = new Map();
  for (const n of drawing.nodes) {
    const cut = n.id.lastIndexOf(':');
    const group = cut > 0 ? n.id.slice(0, cut) : '';
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group).push(n);
  }
  for (const [group, nodes] of groups) {
    if (group) lines.push(`  subgraph ${quote(group)}`);
    for (const n of nodes) lines.push(`  ${ids.get(n.id)}${shape(n.id, group)}`);
    if (group) lines.push('  end');
  }
  for (const e of drawing.edges) {
    const arrow = e.conditional ? '-.->' : '-->';
    lines.push(`  ${ids.get(e.source)} ${arrow} ${ids.get(e.target)}`);
  }
  return { text: lines.join('\n'), ids };
}

function shape(id, group) {
  const label = quote(group ? id.slice(group.length + 1) : id);
  return id === START || id === END ? `([${label}])` : `[${label}]`;
}

function quote(s) {
  return `"${String(s).replace(/"/g, '#quot;')}"`;
}

/** Renders the drawing into the container; answers a map from node name to its SVG group. */
export async function render(container, drawing, graphId) {
  const { text, ids } = mermaidText(drawing);
  window.mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', flowchart: { htmlLabels: false } });
  const { svg } = await window.mermaid.render(`diagram-${++renders}`, text);
  container.innerHTML = svg;
  const el = container.querySelector('svg');
  const names = drawing.nodes.map((n) => n.id);
  el.setAttribute('role', 'img');
  el.setAttribute('aria-label', `Graph ${graphId}: nodes ${names.join(', ')}`);
  const byId = new Map([...ids].map(([name, id]) => [id, name]));
  const found = new Map();
  for (const g of el.querySelectorAll('g.node')) {
    const m = (g.dataset.id || '').match(/^n\d+$/) ? [null, g.dataset.id] : g.id.match(/-(n\d+)-\d+$/);
    const name = m && byId.get(m[1]);
    if (name) {
      g.dataset.node = name;
      found.set(name, g);
    }
  }
  return found;
}

/** Marks a node running, done or paused (or clears it), by the name the server uses in events. */
export function mark(nodes, name, state) {
  const g = nodes.get(name) || [...nodes].find(([n]) => n.endsWith(`:${name}`))?.[1];
  if (!g) return;
  g.classList.remove('running', 'done', 'paused');
  if (state) g.classList.add(state);
}

export function clear(nodes) {
  for (const g of nodes.values()) g.classList.remove('running', 'done', 'paused');
}
