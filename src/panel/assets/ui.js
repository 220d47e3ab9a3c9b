// The panel's shared components, on Preact + htm (one ES module, no build step; issue 15: the
// hand-built DOM helpers in panel.js got in the way of lists with state: filters, pages, live
// reloads, field errors). Every page builds its lists and forms from these, so a badge, a date,
// an amount, a page of rows and an error beside a field look and behave the same everywhere.
import { html, render, useCallback, useEffect, useRef, useState } from '/panel/assets/preact-htm.js';
import { formatDateTime, formatMoney } from '/panel/sdk/format.ts';
import { live, showError } from '/panel/assets/panel.js';

export { html, render, useCallback, useEffect, useRef, useState };

/**
 * Live updates for a list: a number that changes when the subscription reports a change (a burst
 * of events within `delayMs` counts once), and once each time the subscription goes live. Pass it
 * to `List` as `liveKey` to re-read the page.
 */
export function useLiveKey(document, variables = {}, delayMs = 100) {
  const [key, setKey] = useState(0);
  useEffect(() => {
    let pending = null;
    const changed = () => {
      if (pending !== null) return;
      pending = setTimeout(() => {
        pending = null;
        setKey((current) => current + 1);
      }, delayMs);
    };
    // Re-read once the subscription is live too: a change between the page's first read and
    // the subscription (or during a reconnect) has no event of its own.
    const stop = live(document, variables, changed, changed);
    return () => {
      clearTimeout(pending);
      stop();
    };
  }, []);
  return key;
}

/** A status as a coloured pill with its human name; `tone`: good, bad, warn or neutral. */
export function Badge({ tone = 'neutral', children }) {
  return html`<span class="badge ${tone}">${children}</span>`;
}

/** A timestamp in the viewer's locale, machine-readable too. */
export function DateTime({ value }) {
  return value ? html`<time datetime=${value}>${formatDateTime(value)}</time>` : '—';
}

/** An amount in its currency, in the viewer's locale (the same format as the pages customers see). */
export function Money({ amount, currency }) {
  return html`<span class="money">${formatMoney(amount, currency)}</span>`;
}

/**
 * Asks before a destructive action, in a modal dialog: resolves true when confirmed. Enter or the
 * confirm button confirms; Escape or Cancel cancels; focus returns to what had it.
 */
export function confirmAction({ title, message, confirmLabel }) {
  return new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.append(host);
    const returnFocus = document.activeElement;
    const close = (answer) => {
      render(null, host);
      host.remove();
      returnFocus?.focus?.();
      resolve(answer);
    };
    function Dialog() {
      const ref = useRef(null);
      useEffect(() => {
        ref.current.showModal();
      }, []);
      return html`<dialog ref=${ref} aria-labelledby="confirm-title" aria-describedby="confirm-message" onCancel=${() => close(false)}>
        <h2 id="confirm-title">${title}</h2>
        <p id="confirm-message">${message}</p>
        <form method="dialog" class="actions" onSubmit=${(event) => {
          event.preventDefault();
          close(event.submitter?.value === 'confirm');
        }}>
          <button type="submit" value="cancel" class="secondary">Cancel</button>
          <button type="submit" value="confirm" class="danger">${confirmLabel}</button>
        </form>
      </dialog>`;
    }
    render(html`<${Dialog} />`, host);
  });
}

/**
 * Errors beside their fields: `show(error)` puts a server error under the field its `param` names
 * (`input.url` → the `url` field) in plain words, and answers false when no field on this form
 * has that name (the caller shows it at the top then).
 */
export function useFieldErrors(fields) {
  const [errors, setErrors] = useState({});
  const show = useCallback(
    (error) => {
      const field = fieldOf(error?.param);
      if (!field || !fields.includes(field)) {
        setErrors({});
        return false;
      }
      setErrors({ [field]: plainWords(error.message, error.param) });
      return true;
    },
    [fields.join()],
  );
  return { errors, show, clear: useCallback(() => setErrors({}), []) };
}

/** `input.eventTypes[2]` → `eventTypes`. */
function fieldOf(param) {
  return param?.replace(/^input\./, '').replace(/\[\d+\]$/, '').split('.')[0];
}

/** `input.url: must use http or https` → `Must use http or https.` */
function plainWords(message, param) {
  let text = message.split('; ')[0];
  if (param && text.startsWith(`${param}:`)) text = text.slice(param.length + 1).trim();
  text = text.replace(/^[\w.[\]]+: /, '');
  text = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The attributes that tie an input to its error: pass `...fieldProps('url', errors.url)`. */
export function fieldProps(id, error) {
  return { id, 'aria-invalid': error ? 'true' : undefined, 'aria-describedby': error ? `${id}-error` : undefined };
}

/** The error under a field (empty when none); `id` is the input's id. */
export function FieldError({ id, error }) {
  return error ? html`<p class="field-error" id="${id}-error">${error}</p>` : null;
}

/**
 * A list over a GraphQL connection: filters, cursor pages (next/previous), an empty state that
 * says what to do, and live reloads.
 *
 * - `fetchPage({ first, after }, filterValues)` answers the connection (`{ edges, pageInfo }`).
 * - `columns`: `[{ label, cell: (node) => content, className? }]`; stacked rows on a phone show
 *   each cell's label.
 * - `filters`: `[{ name, label, options: [{ value, label }] }]` (a select; "" is "any"),
 *   `{ name, label, search: true, placeholder }` (a search box applied on submit) or
 *   `{ name, label, date: true }` (a date, `YYYY-MM-DD`; "" is none).
 * - `rowAttributes(node)`: attributes of the row (`data-*` for tests and scripts).
 * - `liveKey`: change it (a counter) to re-read the current page.
 * - `empty`: what to say (and do) when there is nothing yet; with filters set, the list offers to clear them.
 */
export function List({ label, tbodyId, columns, fetchPage, pageSize = 20, filters = [], rowAttributes = () => ({}), liveKey = 0, empty }) {
  const blankFilters = Object.fromEntries(filters.map((filter) => [filter.name, '']));
  const [values, setValues] = useState(blankFilters);
  // The cursors of the pages before this one: previous goes back one, without asking the server to page backwards.
  const [trail, setTrail] = useState([null]);
  const [result, setResult] = useState(null);
  const [error, setError] = useState(null);
  const after = trail[trail.length - 1];

  useEffect(() => {
    let current = true;
    fetchPage({ first: pageSize, after: after ?? undefined }, values).then(
      (connection) => {
        if (!current) return;
        setResult(connection);
        setError(null);
      },
      (failure) => {
        if (!current) return;
        if (failure.param) setError(plainWords(failure.message, failure.param));
        else showError(failure);
      },
    );
    return () => {
      current = false;
    };
  }, [after, JSON.stringify(values), liveKey]);

  const setFilter = (name, value) => {
    setValues({ ...values, [name]: value });
    setTrail([null]);
  };
  const filtered = Object.values(values).some((value) => value !== '');
  const edges = result?.edges ?? [];
  const pageNumber = trail.length;

  return html`<div class="list">
    ${filters.length > 0 &&
    html`<form class="filters" role="search" aria-label="Filter ${label}" onSubmit=${(event) => {
      event.preventDefault();
      const form = event.currentTarget;
      const next = { ...values };
      for (const filter of filters) if (filter.search) next[filter.name] = form.elements[filter.name].value.trim();
      setValues(next);
      setTrail([null]);
    }}>
      ${filters.map((filter) =>
        filter.search
          ? html`<label>${filter.label}<input name=${filter.name} type="search" placeholder=${filter.placeholder ?? ''} /></label>`
          : filter.date
          ? html`<label>${filter.label}<input name=${filter.name} type="date" value=${values[filter.name]} onChange=${(event) => setFilter(filter.name, event.currentTarget.value)} /></label>`
          : html`<label>${filter.label}
              <select name=${filter.name} value=${values[filter.name]} onChange=${(event) => setFilter(filter.name, event.currentTarget.value)}>
                <option value="">Any</option>
                ${filter.options.map((option) => html`<option value=${option.value}>${option.label}</option>`)}
              </select>
            </label>`,
      )}
      ${filters.some((filter) => filter.search) && html`<button type="submit" class="secondary">Search</button>`}
      ${filtered && html`<button type="reset" class="secondary" onClick=${() => { setValues(blankFilters); setTrail([null]); }}>Clear filters</button>`}
    </form>`}
    ${error && html`<p class="error" role="alert">${error}</p>`}
    ${(edges.length > 0 || !result) &&
    html`<table aria-label=${label}>
      <thead><tr>${columns.map((column) => html`<th scope="col">${column.label}</th>`)}</tr></thead>
      <tbody id=${tbodyId}>
        ${edges.map(
          ({ node }) => html`<tr key=${node.id} ...${rowAttributes(node)}>
            ${columns.map((column) => html`<td data-label=${column.label} class=${column.className ?? ''}>${column.cell(node)}</td>`)}
          </tr>`,
        )}
      </tbody>
    </table>`}
    ${result && edges.length === 0 &&
    html`<div class="empty" role="status">
      ${filtered ? html`Nothing matches these filters. <button type="button" class="secondary" onClick=${() => { setValues(blankFilters); setTrail([null]); }}>Clear filters</button>` : empty}
    </div>`}
    ${(pageNumber > 1 || result?.pageInfo.hasNextPage) &&
    html`<nav class="pager" aria-label="${label} pages">
      <button type="button" class="secondary" disabled=${pageNumber === 1} onClick=${() => setTrail(trail.slice(0, -1))}>Previous page</button>
      <span aria-live="polite">Page ${pageNumber}</span>
      <button type="button" class="secondary" disabled=${!result?.pageInfo.hasNextPage} onClick=${() => setTrail([...trail, result.pageInfo.endCursor])}>Next page</button>
    </nav>`}
  </div>`;
}
