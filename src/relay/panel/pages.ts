import { html } from 'hono/html';
import type { PageHtml } from '../../core/module.ts';

// The relay module's panel pages (declared in module.ts). Each is a frame its Preact + htm script
// (panel-assets/) fills: tables, filters, pagers and dialogs are built there from GraphQL.

/** Devices: pairing a phone (the card appears once a code exists), the paired phones (live), when a phone counts as offline. */
export function devicesPage(): PageHtml {
  return html`
    <section aria-labelledby="pair-heading">
      <h2 id="pair-heading">Pair a phone</h2>
      <p>
        Your Android phone sends the SMS through <strong>SMS Gateway for Android</strong>, a free open-source app
        (F-Droid, Google Play or GitHub; version 1.53 or later). Install it, then make a code here: it works once, for
        10 minutes.
      </p>
      <div id="pairing-app"></div>
    </section>
    <section aria-labelledby="devices-heading">
      <h2 id="devices-heading">Devices <span class="muted">(live)</span></h2>
      <div id="app"></div>
    </section>
    <div id="offline-threshold-app"></div>`;
}

/** One device: its facts, budget, presence history and recent messages (`/panel/devices/<id>`). */
export function devicePage(): PageHtml {
  return html`<div id="app"></div>`;
}

/** Queue health: counts by stage, the throughput chart (uPlot) and per-device load. */
export function queuePage(): PageHtml {
  return html`<div id="app"></div>`;
}

/** Messages: the SMS with filters, search and pages (live), and the OTP log. */
export function messagesPage(): PageHtml {
  return html`<div id="app"></div>`;
}

/** One SMS: its facts, tries per device and the webhook deliveries of its events (`/panel/messages/<id>`). */
export function messagePage(): PageHtml {
  return html`<div id="app"></div>`;
}

/** Recipients and lists: add, import, search, group, send to a list. */
export function recipientsPage(): PageHtml {
  return html`<div id="app"></div>`;
}

/** Launch readiness: the go-live checklist, live on every step. */
export function readinessPage(): PageHtml {
  return html`
    <div id="app"></div>
    <p class="muted">The same checklist answers <code>GET /api/v1/launch/readiness</code>.</p>`;
}
