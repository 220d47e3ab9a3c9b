// The relay pages' small UI pieces on Preact + htm (no build step): stage and presence badges with
// human names, Intl dates and numbers in the viewer's locale, a pager over a GraphQL connection's
// pageInfo, an empty state, a confirm dialog, and errors shown beside the field their param names.
import { html, render, useCallback, useEffect, useRef, useState } from '/panel/vendor/htm-preact.js';
import { client, live } from '/panel/assets/panel.js';

export { html, render, useCallback, useEffect, useRef, useState };

/** The five places an SMS can be, named the same on every page and in the queue chart. */
export const stageNames = { QUEUED: 'queued', ON_PHONE: 'on phone', SENT: 'sent', DELIVERED: 'delivered', FAILED: 'failed' };
const stageTones = { QUEUED: 'neutral', ON_PHONE: 'info', SENT: 'info', DELIVERED: 'good', FAILED: 'bad' };
const presenceTones = { ONLINE: 'good', OFFLINE: 'warn', REVOKED: 'neutral', online: 'good', offline: 'warn', revoked: 'neutral', paired: 'info' };

export function Badge({ tone = 'neutral', children, ...rest }) {
  return html`<span class="badge badge-${tone}" ...${rest}>${children}</span>`;
}

export function StageBadge({ stage }) {
  return html`<${Badge} tone=${stageTones[stage] ?? 'neutral'} data-stage=${stage}>${stageNames[stage] ?? stage.toLowerCase()}<//>`;
}

export function PresenceBadge({ status }) {
  return html`<${Badge} tone=${presenceTones[status] ?? 'neutral'} data-presence=${status}>${String(status).toLowerCase()}<//>`;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const timeOnly = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const number = new Intl.NumberFormat();

export const formatDate = (iso) => (iso ? dateTime.format(new Date(iso)) : '—');
export const formatTime = (date) => timeOnly.format(date);
export const formatNumber = (value) => (value == null ? '—' : number.format(value));

/** Previous / next over a connection: `onPage({ first, after })` or `onPage({ last, before })`. */
export function Pager({ pageInfo, size, onPage, label }) {
  if (!pageInfo || (!pageInfo.hasPreviousPage && !pageInfo.hasNextPage)) return null;
  return html`<nav class="pager" aria-label=${label}>
    <button type="button" class="secondary" disabled=${!pageInfo.hasPreviousPage} onClick=${() => onPage({ last: size, before: pageInfo.startCursor })}>
      Previous
    </button>
    <button type="button" class="secondary" disabled=${!pageInfo.hasNextPage} onClick=${() => onPage({ first: size, after: pageInfo.endCursor })}>
      Next
    </button>
  </nav>`;
}

/** A table row saying why there is nothing and what to do. */
export function EmptyRow({ columns, children }) {
  return html`<tr class="empty"><td colspan=${columns}>${children}</td></tr>`;
}

/** Asks before a destructive or costly action; resolves true when confirmed. */
export function confirmAction(question, confirmLabel) {
  return new Promise((resolve) => {
    const dialog = document.createElement('dialog');
    dialog.className = 'confirm';
    dialog.setAttribute('aria-label', confirmLabel);
    const host = document.createElement('div');
    dialog.append(host);
    document.body.append(dialog);
    const close = (answer) => {
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    render(
      html`<form method="dialog" class="confirm-body">
        <p>${question}</p>
        <div class="actions">
          <button type="button" class="secondary" onClick=${() => close(false)}>Cancel</button>
          <button type="button" onClick=${() => close(true)}>${confirmLabel}</button>
        </div>
      </form>`,
      host,
    );
    dialog.addEventListener('cancel', () => close(false));
    dialog.showModal();
  });
}

/**
 * A failed mutation as the form shows it: the message beside the field its `param` names (the
 * GraphQL name, e.g. `input.phone`, or the bare argument), in the form's words, else on top.
 */
export function fieldErrorOf(error, fields) {
  const param = error?.param ?? '';
  const field = Object.keys(fields).find((name) => param === name || param.endsWith(`.${name}`));
  const plain = String(error?.message ?? error).replace(/^[\w.]+:\s*/, '');
  const sentence = plain.charAt(0).toUpperCase() + plain.slice(1);
  return field ? { field, message: `${fields[field]}: ${sentence}` } : { field: null, message: sentence };
}

export function FieldError({ id, error }) {
  return error ? html`<p class="field-error" id=${id} role="alert">${error}</p>` : null;
}

/** Runs `load` now and again (at most every `delayMs`) when any of the subscriptions hears something. */
export function useLiveLoad(load, subscriptions, delayMs = 250) {
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    let timer = null;
    const refresh = () => {
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        latest.current();
      }, delayMs);
    };
    const stops = subscriptions.map(([document, variables]) => live(document, variables ?? {}, refresh));
    return () => {
      clearTimeout(timer);
      for (const stop of stops) stop();
    };
  }, []);
}

export { client };
