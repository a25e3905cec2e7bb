// The graph's diagram: Mermaid text built from the /graph endpoint's nodes and edges, rendered by
// the vendored mermaid.min.js; nodes are found again in the SVG to highlight a run live.
const START = '__start__';
const END = '__end__';
let renders = 0;

export function mermaidText(drawing) {
  const ids = new Map(drawing.nodes.map((n, i) => [n.id, `n${i}`]));
  const lines = ['flowchart TD'];
  emit(drawing.nodes, '', 0, ids, lines, new Map());
  for (const e of drawing.edges) {
    const arrow = e.conditional ? '-.->' : '-->';
    lines.push(`  ${ids.get(e.source)} ${arrow} ${ids.get(e.target)}`);
  }
  return { text: lines.join('\n'), ids };
}

// x-ray names a subgraph's nodes "parent:child" (at any depth): each parent becomes a Mermaid
// subgraph box, nested as deep as the names go.
function emit(nodes, prefix, depth, ids, lines, boxes) {
  const children = new Set();
  for (const n of nodes) {
    const parts = n.id.split(':');
    if (parts.length - 1 === depth && n.id.startsWith(prefix)) lines.push(`  ${ids.get(n.id)}${shape(parts.at(-1), n.id)}`);
    else if (parts.length - 1 > depth && n.id.startsWith(prefix)) children.add(parts.slice(0, depth + 1).join(':'));
  }
  for (const child of children) {
    boxes.set(child, `s${boxes.size}`);
    lines.push(`  subgraph ${boxes.get(child)} [${quote(child.split(':').at(-1))}]`);
    emit(nodes, `${child}:`, depth + 1, ids, lines, boxes);
    lines.push('  end');
  }
}

function shape(label, id) {
  return id === START || id === END ? `([${quote(label)}])` : `[${quote(label)}]`;
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
