// Assistants and crons: the server's assistants (each a graph plus config, context and metadata,
// versioned), created and edited here, and its crons, created, switched on and off, and deleted.
import { api } from './api.js';
import { el } from './dom.js';

const $ = (id) => document.getElementById(id);
const view = { assistants: [], crons: [], editing: null };

function status(message) {
  $('platform-status').textContent = message || '';
}

/** A JSON object typed in a field: empty is {}; anything else must be an object. */
function objectIn(id) {
  const text = $(id).value.trim();
  if (!text) return {};
  let value;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`${$(id).dataset.name} is not valid JSON: ${e.message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${$(id).dataset.name} must be a JSON object`);
  return value;
}

async function loadAssistants() {
  view.assistants = await api.post('/assistants/search', { limit: 100, sort_by: 'created_at', sort_order: 'desc' });
  $('assistants').replaceChildren(...view.assistants.map(assistantRow));
  const graphs = [...new Set(view.assistants.map((a) => a.graph_id))].sort();
  $('assistant-graph').replaceChildren(...graphs.map((g) => el('option', { value: g }, g)));
  $('cron-assistant').replaceChildren(...view.assistants.map((a) => el('option', { value: a.assistant_id }, `${a.name} (${a.graph_id})`)));
}

function assistantRow(a) {
  const edit = el('button', { type: 'button', className: 'link' }, a.name);
  edit.setAttribute('aria-label', `Edit assistant ${a.name}`);
  edit.addEventListener('click', guard(() => editAssistant(a.assistant_id)));
  return el('li', { dataset: { assistantId: a.assistant_id, name: a.name } },
    edit, el('span', { className: 'muted' }, ` ${a.graph_id} · version ${a.version}`));
}

async function editAssistant(id) {
  const a = await api.get(`/assistants/${id}`);
  view.editing = a;
  $('assistant-form-title').textContent = `Edit ${a.name} (version ${a.version})`;
  $('assistant-name').value = a.name;
  $('assistant-graph').value = a.graph_id;
  $('assistant-graph').disabled = true;
  $('assistant-config').value = JSON.stringify(a.config ?? {}, null, 2);
  $('assistant-context').value = JSON.stringify(a.context ?? {}, null, 2);
  $('assistant-metadata').value = JSON.stringify(a.metadata ?? {}, null, 2);
  const versions = await api.post(`/assistants/${id}/versions`, { limit: 100 });
  $('assistant-versions').replaceChildren(...versions.map((v) => el('li', { dataset: { version: v.version } },
    `version ${v.version}: config ${JSON.stringify(v.config ?? {})}`)));
}

function newAssistant() {
  view.editing = null;
  $('assistant-form-title').textContent = 'New assistant';
  $('assistant-graph').disabled = false;
  for (const id of ['assistant-name', 'assistant-config', 'assistant-context', 'assistant-metadata']) $(id).value = '';
  $('assistant-versions').replaceChildren();
}

async function saveAssistant(event) {
  event.preventDefault();
  status('');
  const body = {
    name: $('assistant-name').value.trim() || undefined,
    config: objectIn('assistant-config'),
    context: objectIn('assistant-context'),
    metadata: objectIn('assistant-metadata'),
  };
  let saved;
  if (view.editing) {
    saved = await api.call('PATCH', `/assistants/${view.editing.assistant_id}`, body);
  } else {
    saved = await api.post('/assistants', { ...body, graph_id: $('assistant-graph').value });
  }
  await loadAssistants();
  await editAssistant(saved.assistant_id);
  status(`Saved ${saved.name}, version ${saved.version}`);
}

async function loadCrons() {
  view.crons = await api.post('/runs/crons/search', { limit: 100, sort_by: 'created_at', sort_order: 'desc' });
  $('crons').replaceChildren(...view.crons.map(cronRow));
  $('crons-empty').hidden = view.crons.length > 0;
}

function cronRow(c) {
  const toggle = el('button', { type: 'button' }, c.enabled ? 'Disable' : 'Enable');
  toggle.setAttribute('aria-label', `${c.enabled ? 'Disable' : 'Enable'} cron ${c.schedule}`);
  toggle.addEventListener('click', guard(async () => {
    await api.call('PATCH', `/runs/crons/${c.cron_id}`, { enabled: !c.enabled });
    await loadCrons();
  }));
  const remove = el('button', { type: 'button' }, 'Delete');
  remove.setAttribute('aria-label', `Delete cron ${c.schedule}`);
  remove.addEventListener('click', guard(async () => {
    await api.call('DELETE', `/runs/crons/${c.cron_id}`);
    await loadCrons();
  }));
  const next = c.enabled && c.next_run_date ? `next ${new Date(c.next_run_date).toLocaleString()}` : 'not scheduled';
  return el('li', { dataset: { cronId: c.cron_id, enabled: String(c.enabled) } },
    el('code', {}, c.schedule), ` ${c.timezone ?? 'UTC'} · ${c.thread_id ? `thread ${c.thread_id}` : 'stateless'} · ${next} `,
    toggle, ' ', remove);
}

async function createCron(event) {
  event.preventDefault();
  status('');
  const body = {
    assistant_id: $('cron-assistant').value,
    schedule: $('cron-schedule').value.trim(),
    input: objectIn('cron-input'),
  };
  const tz = $('cron-timezone').value.trim();
  if (tz) body.timezone = tz;
  const thread = $('cron-thread').value.trim();
  await api.post(thread ? `/threads/${thread}/runs/crons` : '/runs/crons', body);
  await loadCrons();
  status(`Cron ${body.schedule} created`);
}

function guard(fn) {
  return (...args) => Promise.resolve().then(() => fn(...args)).catch((e) => status(e.message));
}

async function reload() {
  await loadAssistants();
  await loadCrons();
}

/** Wires the view; reloads when the token changes. */
export function init() {
  $('assistant-form').addEventListener('submit', guard(saveAssistant));
  $('assistant-new').addEventListener('click', guard(newAssistant));
  $('cron-form').addEventListener('submit', guard(createCron));
  $('platform-refresh').addEventListener('click', guard(reload));
  $('token').addEventListener('change', guard(reload));
  guard(reload)();
}
