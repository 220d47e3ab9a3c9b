import {
  PanelAddRecipientsToList,
  PanelCreateRecipient,
  PanelCreateRecipientList,
  PanelImportRecipients,
  PanelQueueRecipientList,
  PanelRecipientLists,
  PanelRecipients,
} from '/panel/sdk/operations.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { FieldError, List, confirmAction, fieldProps, html, render, useEffect, useFieldErrors, useState } from '/panel/assets/ui.js';
import { formatDateTime } from '/panel/sdk/format.ts';
import { EmptyRow, formatNumber } from './ui-relay.js';

const PAGE_SIZE = 25;

/**
 * A form's state: its values, the server's error beside the field its `param` names (the panel's
 * `useFieldErrors`), else on top of the form, and what it last did.
 */
function useForm(initial, prefix) {
  const [values, setValues] = useState(initial);
  const fields = useFieldErrors(Object.keys(initial));
  const [formError, setFormError] = useState('');
  const [done, setDone] = useState('');
  return {
    values,
    errors: fields.errors,
    formError,
    done,
    prefix,
    set: (name) => (event) => setValues({ ...values, [name]: event.currentTarget.value }),
    reset: () => setValues(initial),
    async run(work) {
      fields.clear();
      setFormError('');
      setDone('');
      try {
        setDone(await work());
        clearError();
        return true;
      } catch (error) {
        if (!error.code) throw error;
        if (!fields.show(error)) setFormError(error.message);
        return false;
      }
    },
  };
}

/** A labelled input (or the control given as children, with the same id) and its error. */
function Field({ form, name, label, children, ...input }) {
  const id = `${form.prefix}-${name}`;
  const error = form.errors[name];
  return html`<div class="field">
    <label for=${id}>${label}</label>
    ${children ?? html`<input name=${name} value=${form.values[name]} onInput=${form.set(name)} ...${fieldProps(id, error)} ...${input} />`}
    <${FieldError} id=${id} error=${error} />
  </div>`;
}

function FormError({ form }) {
  return form.formError ? html`<p class="error" role="alert">${form.formError}</p>` : null;
}

function NewRecipient({ onCreated }) {
  const form = useForm({ name: '', phone: '', tags: '' }, 'recipient');
  const submit = async (event) => {
    event.preventDefault();
    const tags = form.values.tags.split(',').map((tag) => tag.trim()).filter(Boolean);
    const created = await form.run(async () => {
      await client.request(PanelCreateRecipient, { input: { name: form.values.name, phone: form.values.phone, tags } });
      return `Added ${form.values.name}.`;
    });
    if (created) {
      form.reset();
      onCreated();
    }
  };
  return html`<form id="new-recipient" class="card" onSubmit=${submit} novalidate>
    <h3>Add a recipient</h3>
    <${Field} form=${form} name="name" label="Name" required maxlength="200" autocomplete="off" />
    <${Field} form=${form} name="phone" label="Phone number (international, e.g. +14155552671)" required type="tel" inputmode="tel" maxlength="40" />
    <${Field} form=${form} name="tags" label="Tags (comma-separated, optional)" maxlength="500" />
    <${FormError} form=${form} />
    <button type="submit">Add recipient</button>
    ${form.done ? html`<p class="done" role="status">${form.done}</p>` : null}
  </form>`;
}

function ImportCsv({ lists, onImported }) {
  const form = useForm({ csv: '', listId: '' }, 'import');
  const [skipped, setSkipped] = useState([]);
  const readFile = async (event) => {
    const file = event.currentTarget.files?.[0];
    if (file) form.set('csv')({ currentTarget: { value: await file.text() } });
  };
  const submit = async (event) => {
    event.preventDefault();
    const ok = await form.run(async () => {
      const { importRecipients: result } = await client.request(PanelImportRecipients, { csv: form.values.csv, listId: form.values.listId || undefined });
      setSkipped(result.skipped);
      return `Imported ${formatNumber(result.created)}; skipped ${formatNumber(result.skipped.length)}.`;
    });
    if (ok) onImported();
  };
  return html`<form id="import" class="card" onSubmit=${submit}>
    <h3>Import a CSV</h3>
    <p class="muted">A header row with <code>name</code> and <code>phone</code> (or <code>number</code>), optional <code>tags</code> separated by <code>;</code>.</p>
    <div class="field">
      <label for="import-file">CSV file</label>
      <input id="import-file" type="file" accept=".csv,text/csv,text/plain" onChange=${readFile} />
    </div>
    <${Field} form=${form} name="csv" label="…or paste it here">
      <textarea name="csv" rows="4" value=${form.values.csv} onInput=${form.set('csv')} ...${fieldProps('import-csv', form.errors.csv)}></textarea>
    <//>
    <div class="field">
      <label for="import-list">Also add them to a list (optional)</label>
      <select id="import-list" value=${form.values.listId} onChange=${form.set('listId')}>
        <option value="">no list</option>
        ${lists.map((list) => html`<option value=${list.id}>${list.name}</option>`)}
      </select>
    </div>
    <${FormError} form=${form} />
    <button type="submit" disabled=${!form.values.csv.trim()}>Import</button>
    ${form.done ? html`<p class="done" role="status" id="import-result">${form.done}</p>` : null}
    ${skipped.length > 0
      ? html`<details><summary>Skipped rows</summary><ul>${skipped.slice(0, 100).map((row) => html`<li>Line ${row.line}: ${row.reason}</li>`)}</ul></details>`
      : null}
  </form>`;
}

function NewList({ onCreated }) {
  const form = useForm({ name: '', description: '' }, 'list');
  const submit = async (event) => {
    event.preventDefault();
    const ok = await form.run(async () => {
      await client.request(PanelCreateRecipientList, { input: { name: form.values.name, description: form.values.description || undefined } });
      return `Created the list ${form.values.name}.`;
    });
    if (ok) {
      form.reset();
      onCreated();
    }
  };
  return html`<form id="new-list" class="card" onSubmit=${submit} novalidate>
    <h3>Create a list</h3>
    <${Field} form=${form} name="name" label="List name" required maxlength="200" />
    <${Field} form=${form} name="description" label="Description (optional)" maxlength="1000" />
    <${FormError} form=${form} />
    <button type="submit">Create list</button>
    ${form.done ? html`<p class="done" role="status">${form.done}</p>` : null}
  </form>`;
}

function SendToList({ lists }) {
  const form = useForm({ listId: '', message: '' }, 'send');
  const submit = async (event) => {
    event.preventDefault();
    const list = lists.find((entry) => entry.id === form.values.listId);
    const confirmed =
      !list ||
      (await confirmAction({
        title: `Send to ${list.name}?`,
        message: `This text goes to the ${formatNumber(list.memberCount)} members of ${list.name}; each distinct number gets its own SMS.`,
        confirmLabel: 'Send to list',
      }));
    if (!confirmed) return;
    const ok = await form.run(async () => {
      const { queueRecipientList: batch } = await client.request(PanelQueueRecipientList, { input: { listId: form.values.listId, message: form.values.message } });
      return `Queued ${formatNumber(batch.queued)} messages (batch ${batch.batchId})${batch.skipped.length ? `; skipped ${formatNumber(batch.skipped.length)} repeated numbers` : ''}. Follow them on Messages.`;
    });
    if (ok) form.set('message')({ currentTarget: { value: '' } });
  };
  return html`<form id="send-list" class="card" onSubmit=${submit} novalidate>
    <h3>Send to a list</h3>
    <${Field} form=${form} name="listId" label="List">
      <select value=${form.values.listId} onChange=${form.set('listId')} required ...${fieldProps('send-listId', form.errors.listId)}>
        <option value="">choose a list</option>
        ${lists.map((list) => html`<option value=${list.id}>${list.name} (${formatNumber(list.memberCount)})</option>`)}
      </select>
    <//>
    <${Field} form=${form} name="message" label="Message">
      <textarea rows="3" maxlength="1600" value=${form.values.message} onInput=${form.set('message')} ...${fieldProps('send-message', form.errors.message)}></textarea>
    <//>
    <${FormError} form=${form} />
    <button type="submit">Send to list…</button>
    ${form.done ? html`<p class="done" role="status" id="send-result">${form.done}</p>` : null}
  </form>`;
}

function RecipientsPage() {
  const [changes, setChanges] = useState(0);
  const [lists, setLists] = useState([]);
  const [selected, setSelected] = useState(new Set());
  const [target, setTarget] = useState('');
  const [added, setAdded] = useState('');

  /** Added or imported recipients: the list reads its current page again. */
  const loadRecipients = () => setChanges((count) => count + 1);
  const loadLists = async () => {
    try {
      setLists((await client.request(PanelRecipientLists)).recipientLists.edges.map((edge) => edge.node));
    } catch (error) {
      showError(error);
    }
  };
  useEffect(() => {
    void loadLists();
  }, []);

  const toggle = (id) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const addSelected = async () => {
    try {
      await client.request(PanelAddRecipientsToList, { listId: target, recipientIds: [...selected] });
      setAdded(`Added ${formatNumber(selected.size)} to ${lists.find((list) => list.id === target)?.name}.`);
      setSelected(new Set());
      clearError();
      await loadLists();
    } catch (error) {
      showError(error);
    }
  };
  return html`
    <div class="grid-2">
      <${NewRecipient} onCreated=${loadRecipients} />
      <${ImportCsv} lists=${lists} onImported=${() => Promise.all([loadRecipients(), loadLists()])} />
    </div>
    <section aria-labelledby="recipients-heading">
      <h2 id="recipients-heading">Recipients</h2>
      <${List}
        label="Recipients"
        tbodyId="recipients"
        pageSize=${PAGE_SIZE}
        columns=${[
          {
            label: 'Select',
            cell: (node) =>
              html`<input type="checkbox" aria-label=${`Select ${node.name}`} checked=${selected.has(node.id)} onChange=${() => toggle(node.id)} />`,
          },
          { label: 'Name', cell: (node) => node.name },
          { label: 'Phone', className: 'nowrap', cell: (node) => node.phoneDisplay },
          { label: 'Tags', cell: (node) => node.tags.join(', ') || '—' },
          { label: 'Added', className: 'nowrap', cell: (node) => formatDateTime(node.createdAt) },
        ]}
        filters=${[{ name: 'search', label: 'Search', search: true, placeholder: 'Name or phone number' }]}
        liveKey=${changes}
        rowAttributes=${(node) => ({ 'data-recipient-id': node.id })}
        fetchPage=${async (page, values) => (await client.request(PanelRecipients, { ...page, search: values.search || undefined })).recipients}
        empty="No recipients yet: add one or import a CSV above."
      />
      <div class="filters" id="add-to-list">
        <div>
          <label for="add-list">Add the ${formatNumber(selected.size)} selected to</label>
          <select id="add-list" value=${target} onChange=${(event) => setTarget(event.currentTarget.value)}>
            <option value="">choose a list</option>
            ${lists.map((list) => html`<option value=${list.id}>${list.name}</option>`)}
          </select>
        </div>
        <div class="actions"><button type="button" disabled=${!target || selected.size === 0} onClick=${addSelected}>Add to list</button></div>
        ${added ? html`<p class="done" role="status">${added}</p>` : null}
      </div>
    </section>
    <section aria-labelledby="lists-heading">
      <h2 id="lists-heading">Lists</h2>
      <table class="stack">
        <thead><tr><th>Name</th><th>Members</th><th>Description</th><th>Created</th></tr></thead>
        <tbody id="lists">
          ${lists.length === 0
            ? html`<${EmptyRow} columns="4">No lists yet: create one below, then add recipients to it.<//>`
            : lists.map((list) => html`
                <tr key=${list.id} data-list-id=${list.id}>
                  <td data-label="Name">${list.name}</td>
                  <td data-label="Members">${formatNumber(list.memberCount)}</td>
                  <td data-label="Description">${list.description ?? '—'}</td>
                  <td data-label="Created" class="nowrap">${formatDateTime(list.createdAt)}</td>
                </tr>`)}
        </tbody>
      </table>
      <div class="grid-2">
        <${NewList} onCreated=${loadLists} />
        <${SendToList} lists=${lists} />
      </div>
    </section>`;
}

render(html`<${RecipientsPage} />`, document.getElementById('app'));
