// What only the relay pages share, on the panel's components (/panel/assets/ui.js): the five
// stages of an SMS and a device's presence as badges with human names (the same names on every
// page and in the queue chart), counts in the viewer's locale, and a pager over a connection for
// the lists whose filters `List` does not offer (a date range, filters kept in the address).
import { Badge, html, useEffect, useRef, useState } from '/panel/assets/ui.js';
import { formatCount, formatDateTime, formatTimeAgo } from '/panel/sdk/format.ts';
import { live } from '/panel/assets/panel.js';

/** The places an SMS can be (inbound ones: received), named the same on every page and in the queue chart. */
export const stageNames = { SCHEDULED: 'scheduled', QUEUED: 'queued', ON_PHONE: 'on phone', SENT: 'sent', DELIVERED: 'delivered', FAILED: 'failed', RECEIVED: 'received' };
const stageTones = { SCHEDULED: 'neutral', QUEUED: 'neutral', ON_PHONE: 'warn', SENT: 'neutral', DELIVERED: 'good', FAILED: 'bad', RECEIVED: 'good' };
const presenceTones = { online: 'good', offline: 'warn', revoked: 'neutral', paired: 'neutral' };

export function StageBadge({ stage }) {
  return html`<span data-stage=${stage}><${Badge} tone=${stageTones[stage] ?? 'neutral'}>${stageNames[stage] ?? stage.toLowerCase()}<//></span>`;
}

export function PresenceBadge({ status }) {
  const name = String(status).toLowerCase();
  return html`<span data-presence=${name}><${Badge} tone=${presenceTones[name] ?? 'neutral'}>${name}<//></span>`;
}

/** How long ago (`40 sec. ago`), kept current, with the exact time in its title. */
export function TimeAgo({ iso }) {
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 5000);
    return () => clearInterval(timer);
  }, []);
  if (!iso) return '—';
  return html`<time datetime=${iso} title=${formatDateTime(iso)}>${formatTimeAgo(iso)}</time>`;
}

/**
 * A phone that reads `online` with no connection open: it closed its last one, so the router
 * already skips it, while its state waits for the heartbeat window before it turns `offline`.
 */
export function ConnectionNote({ device }) {
  if (device.status !== 'ONLINE' || device.connected || !device.disconnectedAt) return null;
  return html`<span class="connection-note" data-connected="false">
    <${Badge} tone="warn">not connected<//> <span class="muted">since <time datetime=${device.disconnectedAt}>${formatDateTime(device.disconnectedAt)}</time></span>
  </span>`;
}

export const formatNumber = (value) => (value == null ? '—' : formatCount(value));

/** Previous / next over a connection: `onPage({ first, after })` or `onPage({ last, before })`. */
export function Pager({ pageInfo, size, onPage, label }) {
  if (!pageInfo || (!pageInfo.hasPreviousPage && !pageInfo.hasNextPage)) return null;
  return html`<nav class="pager" aria-label=${label}>
    <button type="button" class="secondary" disabled=${!pageInfo.hasPreviousPage} onClick=${() => onPage({ last: size, before: pageInfo.startCursor })}>
      Previous page
    </button>
    <button type="button" class="secondary" disabled=${!pageInfo.hasNextPage} onClick=${() => onPage({ first: size, after: pageInfo.endCursor })}>
      Next page
    </button>
  </nav>`;
}

/**
 * An id (`req_01j…`) or a reason code (`RESULT_ERROR_NO_SERVICE`) that may wrap only after its
 * `_`, `:`, `.`, `/` or `-`, never inside a word (with `.breakable`'s CSS: no break anywhere else).
 */
export function Breakable({ text }) {
  const parts = String(text).split(/(?<=[_:./-])/);
  return html`<span class="breakable">${parts.map((part, i) => (i === 0 ? part : html`<wbr />${part}`))}</span>`;
}

/** A table row saying why there is nothing and what to do. */
export function EmptyRow({ columns, children }) {
  return html`<tr class="empty-row"><td colspan=${columns}><div class="empty" role="status">${children}</div></td></tr>`;
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
