import {
  PanelAddRecipientsToList,
  PanelCreateRecipient,
  PanelCreateRecipientList,
  PanelDeleteRecipient,
  PanelDeleteRecipientList,
  PanelImportRecipients,
  PanelRecipientList,
  PanelRecipientLists,
  PanelRecipients,
  PanelRemoveRecipientsFromList,
  PanelUpdateRecipient,
  PanelUpdateRecipientList,
} from '/panel/src/relay/recipients/panel-operations.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { List, confirmAction, fieldProps, html, render, useEffect, useRef, useState } from '/panel/assets/ui.js';
import { formatDateTime } from '/panel/sdk/format.ts';
import { SendToList } from './list-send.js';
import { OptOuts } from './opt-outs.js';
import { Field, FormError, useForm } from './recipient-forms.js';
import { EmptyRow, formatNumber } from './ui-relay.js';

const PAGE_SIZE = 25;

/**
 * Tags are separated by `;` everywhere a person types them: this page's forms and the CSV's `tags`
 * column (README, "Recipients and lists"), so a tag may hold a comma.
 */
const splitTags = (text) => text.split(';').map((tag) => tag.trim()).filter(Boolean);
const joinTags = (tags) => tags.join('; ');

/** Runs a row's action; its error goes to the top of the page. */
async function act(work) {
  try {
    await work();
    clearError();
  } catch (error) {
    showError(error);
  }
}

function NewRecipient({ onCreated }) {
  const form = useForm({ name: '', phone: '', tags: '' }, 'recipient');
  const submit = async (event) => {
    event.preventDefault();
    const created = await form.run(async () => {
      await client.request(PanelCreateRecipient, { input: { name: form.values.name, phone: form.values.phone, tags: splitTags(form.values.tags) } });
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
    <${Field} form=${form} name="tags" label="Tags (separated by ; as in a CSV, optional)" maxlength="500" placeholder="vip; north" />
    <${FormError} form=${form} />
    <button type="submit">Add recipient</button>
    ${form.done ? html`<p class="done" role="status">${form.done}</p>` : null}
  </form>`;
}

function ImportCsv({ lists, onImported }) {
  const form = useForm({ csv: '', listId: '' }, 'import');
  const [skipped, setSkipped] = useState({ lines: [], count: 0 });
  const readFile = async (event) => {
    const file = event.currentTarget.files?.[0];
    if (file) form.set('csv')({ currentTarget: { value: await file.text() } });
  };
  const submit = async (event) => {
    event.preventDefault();
    const ok = await form.run(async () => {
      const { importRecipients: result } = await client.request(PanelImportRecipients, { csv: form.values.csv, listId: form.values.listId || undefined });
      setSkipped({ lines: result.skipped, count: result.skippedCount });
      return `Imported ${formatNumber(result.created)}; skipped ${formatNumber(result.skippedCount)}.`;
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
    ${skipped.lines.length > 0
      ? html`<details><summary>Skipped rows${skipped.count > skipped.lines.length ? ` (the first ${formatNumber(skipped.lines.length)} of ${formatNumber(skipped.count)})` : ''}</summary><ul>${skipped.lines.map((row) => html`<li>Line ${row.line}: ${row.reason}</li>`)}</ul></details>`
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

/** A modal form over the page (Escape or Cancel closes it; focus goes back where it was). */
function EditDialog({ id, title, onClose, onSubmit, children }) {
  const ref = useRef(null);
  useEffect(() => {
    const returnFocus = document.activeElement;
    ref.current.showModal();
    return () => returnFocus?.focus?.();
  }, []);
  return html`<dialog id=${id} ref=${ref} aria-labelledby=${`${id}-title`} onCancel=${onClose}>
    <form class="edit-form" onSubmit=${onSubmit} novalidate>
      <h2 id=${`${id}-title`}>${title}</h2>
      ${children}
      <div class="actions">
        <button type="button" class="secondary" onClick=${onClose}>Cancel</button>
        <button type="submit">Save</button>
      </div>
    </form>
  </dialog>`;
}

function EditRecipient({ recipient, onClose }) {
  const form = useForm({ name: recipient.name, phone: recipient.phone, tags: joinTags(recipient.tags) }, 'edit-recipient');
  const submit = async (event) => {
    event.preventDefault();
    const input = { name: form.values.name, phone: form.values.phone, tags: splitTags(form.values.tags) };
    const saved = await form.run(async () => {
      await client.request(PanelUpdateRecipient, { id: recipient.id, input });
      return '';
    });
    if (saved) onClose(true);
  };
  return html`<${EditDialog} id="edit-recipient" title=${`Edit ${recipient.name}`} onClose=${() => onClose(false)} onSubmit=${submit}>
    <${Field} form=${form} name="name" label="Name" required maxlength="200" autocomplete="off" />
    <${Field} form=${form} name="phone" label="Phone number (international)" required type="tel" inputmode="tel" maxlength="40" />
    <${Field} form=${form} name="tags" label="Tags (separated by ;)" maxlength="500" />
    <${FormError} form=${form} />
  <//>`;
}

function EditList({ list, onClose }) {
  const form = useForm({ name: list.name, description: list.description ?? '' }, 'edit-list');
  const submit = async (event) => {
    event.preventDefault();
    const input = { name: form.values.name, description: form.values.description };
    const saved = await form.run(async () => {
      await client.request(PanelUpdateRecipientList, { id: list.id, input });
      return '';
    });
    if (saved) onClose(true);
  };
  return html`<${EditDialog} id="edit-list" title=${`Edit the list ${list.name}`} onClose=${() => onClose(false)} onSubmit=${submit}>
    <${Field} form=${form} name="name" label="List name" required maxlength="200" />
    <${Field} form=${form} name="description" label="Description (optional)" maxlength="1000" />
    <${FormError} form=${form} />
  <//>`;
}

/** An opened list: its members (the newest 100), each removable from it. */
function OpenedList({ listId, version, onChanged, onClose }) {
  const [list, setList] = useState(null);
  const load = () => client.request(PanelRecipientList, { id: listId }).then((data) => setList(data.recipientList), showError);
  useEffect(() => {
    void load();
  }, [listId, version]);
  if (!list) return html`<p class="muted" aria-busy="true">Loading the list…</p>`;
  const members = list.members.edges.map((edge) => edge.node);
  const remove = (member) =>
    act(async () => {
      await client.request(PanelRemoveRecipientsFromList, { listId, recipientIds: [member.recipient.id] });
      await load();
      onChanged();
    });
  return html`<section id="opened-list" aria-labelledby="opened-list-heading" class="card wide">
    <h3 id="opened-list-heading">${list.name} <span class="muted">(${formatNumber(list.memberCount)} members)</span></h3>
    ${list.description ? html`<p>${list.description}</p>` : null}
    <table class="stack">
      <thead><tr><th>Name</th><th>Phone</th><th>Tags</th><th>Added to the list</th><th><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody id="list-members">
        ${members.length === 0
          ? html`<${EmptyRow} columns="5">No one in this list yet: select recipients above and add them.<//>`
          : members.map((member) => html`
              <tr key=${member.recipient.id} data-member-id=${member.recipient.id}>
                <td data-label="Name">${member.recipient.name}</td>
                <td data-label="Phone" class="nowrap">${member.recipient.phoneDisplay}</td>
                <td data-label="Tags">${joinTags(member.recipient.tags) || '—'}</td>
                <td data-label="Added" class="nowrap">${formatDateTime(member.addedAt)}</td>
                <td data-label="" class="actions"><button type="button" class="secondary" onClick=${() => remove(member)}>Remove<span class="visually-hidden"> ${member.recipient.name} from ${list.name}</span></button></td>
              </tr>`)}
      </tbody>
    </table>
    ${list.memberCount > members.length ? html`<p class="muted">The newest ${formatNumber(members.length)} of ${formatNumber(list.memberCount)} are shown.</p>` : null}
    <p><button type="button" class="secondary" onClick=${onClose}>Close the list</button></p>
  </section>`;
}

function RecipientsPage() {
  const [changes, setChanges] = useState(0);
  const [lists, setLists] = useState([]);
  const [selected, setSelected] = useState(new Set());
  const [target, setTarget] = useState('');
  const [added, setAdded] = useState('');
  const [editingRecipient, setEditingRecipient] = useState(null);
  const [editingList, setEditingList] = useState(null);
  const [openListId, setOpenListId] = useState(null);
  /** Bumped when something the opened list shows may have changed. */
  const [listVersion, setListVersion] = useState(0);

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
      setListVersion((count) => count + 1);
    } catch (error) {
      showError(error);
    }
  };
  const deleteRecipient = async (node) => {
    const confirmed = await confirmAction({
      title: `Delete ${node.name}?`,
      message: `${node.name} (${node.phoneDisplay}) is removed from every list. Messages already sent keep their number.`,
      confirmLabel: 'Delete recipient',
    });
    if (!confirmed) return;
    await act(async () => {
      await client.request(PanelDeleteRecipient, { id: node.id });
      selected.delete(node.id);
      loadRecipients();
      await loadLists();
      setListVersion((count) => count + 1);
    });
  };
  const deleteList = async (list) => {
    const confirmed = await confirmAction({
      title: `Delete the list ${list.name}?`,
      message: `The list goes; its ${formatNumber(list.memberCount)} recipients stay. Messages already sent to it are not affected.`,
      confirmLabel: 'Delete list',
    });
    if (!confirmed) return;
    await act(async () => {
      await client.request(PanelDeleteRecipientList, { id: list.id });
      if (openListId === list.id) setOpenListId(null);
      await loadLists();
    });
  };
  const closeRecipientEditor = async (saved) => {
    setEditingRecipient(null);
    if (saved) {
      loadRecipients();
      setListVersion((count) => count + 1);
    }
  };
  const closeListEditor = async (saved) => {
    setEditingList(null);
    if (saved) {
      await loadLists();
      setListVersion((count) => count + 1);
    }
  };
  return html`
    ${editingRecipient ? html`<${EditRecipient} recipient=${editingRecipient} onClose=${closeRecipientEditor} />` : null}
    ${editingList ? html`<${EditList} list=${editingList} onClose=${closeListEditor} />` : null}
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
          { label: 'Tags', cell: (node) => joinTags(node.tags) || '—' },
          { label: 'Added', className: 'nowrap', cell: (node) => formatDateTime(node.createdAt) },
          {
            label: 'Actions',
            className: 'actions',
            cell: (node) => html`
              <button type="button" class="secondary" onClick=${() => setEditingRecipient(node)}>Edit<span class="visually-hidden"> ${node.name}</span></button>
              <button type="button" class="danger" onClick=${() => deleteRecipient(node)}>Delete<span class="visually-hidden"> ${node.name}</span></button>`,
          },
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
        <thead><tr><th>Name</th><th>Members</th><th>Description</th><th>Created</th><th>Actions</th></tr></thead>
        <tbody id="lists">
          ${lists.length === 0
            ? html`<${EmptyRow} columns="5">No lists yet: create one below, then add recipients to it.<//>`
            : lists.map((list) => html`
                <tr key=${list.id} data-list-id=${list.id}>
                  <td data-label="Name">${list.name}</td>
                  <td data-label="Members">${formatNumber(list.memberCount)}</td>
                  <td data-label="Description">${list.description ?? '—'}</td>
                  <td data-label="Created" class="nowrap">${formatDateTime(list.createdAt)}</td>
                  <td data-label="Actions" class="actions">
                    <button type="button" aria-expanded=${String(openListId === list.id)} aria-controls="opened-list" onClick=${() => setOpenListId(openListId === list.id ? null : list.id)}>
                      ${openListId === list.id ? 'Close' : 'Open'}<span class="visually-hidden"> ${list.name}</span>
                    </button>
                    <button type="button" class="secondary" onClick=${() => setEditingList(list)}>Edit<span class="visually-hidden"> ${list.name}</span></button>
                    <button type="button" class="danger" onClick=${() => deleteList(list)}>Delete<span class="visually-hidden"> ${list.name}</span></button>
                  </td>
                </tr>`)}
        </tbody>
      </table>
      ${openListId
        ? html`<${OpenedList} listId=${openListId} version=${listVersion} onChanged=${loadLists} onClose=${() => setOpenListId(null)} />`
        : null}
      <div class="grid-2">
        <${NewList} onCreated=${loadLists} />
        <${SendToList} lists=${lists} />
      </div>
    </section>
    <${OptOuts} />`;
}

render(html`<${RecipientsPage} />`, document.getElementById('app'));
