// The Store browser: the long-term memory's namespaces as a tree, the items under the chosen one, an
// item's JSON, and a search by query (semantic, when the store has an index) and JSON filter.
import { api } from './api.js';
import { el } from './dom.js';

const $ = (id) => document.getElementById(id);
const view = { items: [] };

function status(message) {
  $('store-status').textContent = message || '';
}

/** The namespaces as a tree of labels; a node that is itself a namespace holds items. */
export function tree(namespaces) {
  const root = { children: new Map(), path: [], leaf: false };
  for (const ns of namespaces) {
    let node = root;
    for (const label of ns) {
      if (!node.children.has(label)) node.children.set(label, { children: new Map(), path: [...node.path, label], leaf: false });
      node = node.children.get(label);
    }
    node.leaf = true;
  }
  return root;
}

async function loadNamespaces() {
  status('');
  const { namespaces } = await api.post('/store/namespaces', { limit: 1000 });
  $('store-namespaces').replaceChildren(...branch(tree(namespaces)));
  $('store-empty').hidden = namespaces.length > 0;
}

function branch(node) {
  return [...node.children.values()].map((child) => {
    const name = child.path.join('.');
    const open = el('button', { type: 'button', className: 'link', dataset: { namespace: name } }, child.path.at(-1));
    open.setAttribute('aria-label', `Namespace ${name}${child.leaf ? '' : ' (prefix)'}`);
    open.addEventListener('click', () => browse(child.path));
    const li = el('li', { dataset: { namespace: name } }, open);
    if (child.children.size) li.append(el('ul', {}, ...branch(child)));
    return li;
  });
}

/** Lists what is under a namespace: its items and those of the namespaces below it. */
async function browse(path) {
  $('store-prefix').value = path.join('.');
  $('store-query').value = '';
  $('store-filter').value = '';
  for (const b of $('store-namespaces').querySelectorAll('li')) {
    b.setAttribute('aria-current', String(b.dataset.namespace === path.join('.')));
  }
  await search();
}

async function search(event) {
  if (event) event.preventDefault();
  status('');
  const prefix = $('store-prefix').value.trim();
  const body = { namespace_prefix: prefix ? prefix.split('.') : [], limit: Number($('store-limit').value) || 20 };
  const query = $('store-query').value.trim();
  if (query) body.query = query;
  const filter = $('store-filter').value.trim();
  if (filter) {
    try {
      body.filter = JSON.parse(filter);
    } catch (e) {
      status(`The filter is not valid JSON: ${e.message}`);
      return;
    }
  }
  const { items } = await api.post('/store/items/search', body);
  view.items = items;
  $('store-items').replaceChildren(...items.map(itemRow));
  $('store-items-title').textContent = `Items under ${prefix || 'every namespace'} (${items.length})`;
  $('store-item-box').hidden = true;
}

function itemRow(item, n) {
  const name = `${item.namespace.join('.')} / ${item.key}`;
  const open = el('button', { type: 'button', className: 'link', dataset: { key: item.key } }, name);
  open.addEventListener('click', () => showItem(n));
  const score = item.score === undefined || item.score === null ? '' : ` · score ${item.score.toFixed(3)}`;
  return el('li', { dataset: { namespace: item.namespace.join('.'), key: item.key } },
    open, el('span', { className: 'muted' }, ` updated ${new Date(item.updated_at).toLocaleString()}${score}`));
}

function showItem(n) {
  const item = view.items[n];
  for (const li of $('store-items').children) li.setAttribute('aria-current', String(li === $('store-items').children[n]));
  $('store-item-box').hidden = false;
  $('store-item-title').textContent = `Item ${item.namespace.join('.')} / ${item.key}`;
  $('store-item').textContent = JSON.stringify(item, null, 2);
}

function guard(fn) {
  return (...args) => fn(...args).catch((e) => status(e.message));
}

/** Wires the view; reloads when the token changes (a token may scope the store to its identity). */
export function init() {
  $('store-search-form').addEventListener('submit', guard(search));
  $('store-refresh').addEventListener('click', guard(loadNamespaces));
  $('token').addEventListener('change', guard(loadNamespaces));
  guard(loadNamespaces)();
}
