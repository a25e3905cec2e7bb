// A thread's checkpoints as a timeline with branches. History comes newest first; a checkpoint
// whose parent has another child started a branch (an edit-and-fork or a replay).

const idOf = (s) => s.checkpoint && s.checkpoint.checkpoint_id;
const parentOf = (s) => s.parent_checkpoint && s.parent_checkpoint.checkpoint_id;

/** Oldest first, each with its branch number: 0 is the branch holding the thread's head. */
export function branches(history, headId) {
  const byId = new Map(history.map((s) => [idOf(s), s]));
  const children = new Map();
  for (const s of history) {
    const p = parentOf(s);
    if (!children.has(p)) children.set(p, []);
    children.get(p).push(s);
  }
  const branch = new Map();
  const leaves = history.filter((s) => !children.has(idOf(s)));
  // the head's branch first, then the others newest first (history's order)
  leaves.sort((a, b) => (idOf(b) === headId) - (idOf(a) === headId));
  let n = 0;
  for (const leaf of leaves) {
    for (let s = leaf; s && !branch.has(idOf(s)); s = byId.get(parentOf(s))) branch.set(idOf(s), n);
    n++;
  }
  return [...history].reverse().map((s) => ({
    state: s,
    branch: branch.get(idOf(s)) ?? 0,
    forkPoint: (children.get(idOf(s)) || []).length > 1,
    parent: byId.get(parentOf(s)),
  }));
}

/**
 * The nodes that wrote a checkpoint: its metadata's writes when the server records them; for an
 * update, the node it was applied as (metadata as_node, comma-separated for several); for a step of
 * the loop, the nodes its parent was to run next.
 */
export function writers(entry) {
  const md = entry.state.metadata || {};
  if (md.writes && typeof md.writes === 'object') return Object.keys(md.writes);
  if (md.source === 'update') return typeof md.as_node === 'string' && md.as_node ? md.as_node.split(',') : [];
  return md.source === 'loop' && entry.parent ? entry.parent.next || [] : [];
}

/** Rows of key, parent value, value for every key that differs. */
export function diff(parentValues, values) {
  const rows = [];
  const keys = new Set([...Object.keys(parentValues || {}), ...Object.keys(values || {})]);
  for (const k of [...keys].sort()) {
    const had = parentValues && k in parentValues;
    const has = values && k in values;
    const a = had ? JSON.stringify(parentValues[k]) : undefined;
    const b = has ? JSON.stringify(values[k]) : undefined;
    if (a === b) continue;
    rows.push({ key: k, before: a, after: b, kind: !had ? 'added' : !has ? 'removed' : 'changed' });
  }
  return rows;
}

/** The chat messages in a state, if a channel holds LangGraph message JSON (type/role + content). */
export function messagesIn(values) {
  for (const v of Object.values(values || {})) {
    if (Array.isArray(v) && v.length && v.every(isMessage)) return v;
  }
  return null;
}

function isMessage(m) {
  return m && typeof m === 'object' && ('type' in m || 'role' in m) && 'content' in m;
}
