// Building DOM nodes, shared by the page's views.

// An element with its properties (or attributes, for names that are not properties; `dataset`
// merged) and its children, skipping null and undefined ones.
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'dataset') Object.assign(e.dataset, v);
    else if (k in e) e[k] = v;
    else e.setAttribute(k, v);
  }
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
}
