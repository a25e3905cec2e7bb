// The run form, generated from the graph's input JSON Schema: one labelled control per property.
// Strings, numbers and enums get plain inputs; a chat graph's messages a text box for one human
// message; anything else structured is edited as JSON.

function typeOf(schema) {
  if (!schema) return 'json';
  // a chat graph's messages: the server titles their items "Message"
  if (schema.type === 'array' && schema.items && schema.items.title === 'Message') return 'message';
  if (schema.enum) return 'enum';
  let t = schema.type;
  if (Array.isArray(t)) t = t.find((x) => x !== 'null');
  if (!t && schema.anyOf) return typeOf(schema.anyOf.find((s) => s.type !== 'null'));
  return ['string', 'integer', 'number', 'boolean'].includes(t) ? t : 'json';
}

export function build(fieldset, schema) {
  fieldset.querySelectorAll('.field').forEach((f) => f.remove());
  const props = (schema && schema.properties) || {};
  for (const [key, prop] of Object.entries(props)) {
    const type = typeOf(prop);
    const row = document.createElement('div');
    row.className = 'field';
    const id = `input-${key}`;
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = key;
    const control = controlFor(type, prop);
    control.id = id;
    control.name = key;
    control.dataset.type = type;
    const hint = document.createElement('small');
    hint.id = `${id}-hint`;
    hint.textContent = type === 'message' ? 'your message, sent as a human message'
      : prop.description || (type === 'json' ? `JSON (${prop.type || 'any'})` : type);
    control.setAttribute('aria-describedby', hint.id);
    const cell = document.createElement('div');
    cell.append(control, hint);
    row.append(label, cell);
    fieldset.append(row);
  }
}

function controlFor(type, prop) {
  if (type === 'enum' || type === 'boolean') {
    const select = document.createElement('select');
    const values = type === 'boolean' ? [true, false] : prop.enum;
    select.append(new Option('(not set)', ''));
    for (const v of values) select.append(new Option(String(v), JSON.stringify(v)));
    return select;
  }
  if (type === 'json' || type === 'message') {
    const area = document.createElement('textarea');
    area.rows = 2;
    return area;
  }
  const input = document.createElement('input');
  input.type = type === 'string' ? 'text' : 'number';
  if (type === 'integer') input.step = '1';
  return input;
}

/** The input object from the filled controls; empty controls are left out. Throws on bad JSON. */
export function read(fieldset) {
  const input = {};
  for (const c of fieldset.querySelectorAll('[data-type]')) {
    if (c.value === '') continue;
    const t = c.dataset.type;
    if (t === 'string') input[c.name] = c.value;
    else if (t === 'message') input[c.name] = [{ type: 'human', content: c.value }];
    else if (t === 'integer' || t === 'number') input[c.name] = Number(c.value);
    else {
      try {
        input[c.name] = JSON.parse(c.value);
      } catch (e) {
        throw new Error(`${c.name}: not valid JSON (${e.message})`);
      }
    }
  }
  return input;
}
