import { html } from 'hono/html';
import type { PageHtml } from '../core/module.ts';

// The relay module's panel pages (declared in module.ts); their scripts are in panel-assets/.

/** Devices: pairing a phone, and the paired phones (live). */
export function devicesPage(): PageHtml {
  return html`
    <section aria-labelledby="pair-heading">
      <h2 id="pair-heading">Pair a phone</h2>
      <p>
        Your Android phone sends the SMS through <strong>SMS Gateway for Android</strong>, a free open-source app
        (F-Droid, Google Play or GitHub; version 1.53 or later). Install it, then make a code here: it works once, for
        10 minutes.
      </p>
      <button type="button" id="make-code">Make a pairing code</button>
      <div id="pairing" class="card pairing" hidden>
        <ol class="steps">
          <li>
            In the app, open <strong>Settings → Cloud Server</strong>. Set <strong>API URL</strong> to
            <span class="copyable"><code id="pairing-api-url"></code> <button type="button" id="copy-api-url">Copy</button></span>
            and <strong>Notification channel</strong> to <strong>SSE only</strong>. Restart the app.
          </li>
          <li>On the app's Home screen, turn on <strong>Cloud server</strong> and choose <strong>Sign in by code</strong>.</li>
          <li>
            Type this code:
            <strong class="pairing-code" id="pairing-code"></strong>
            <span class="muted" id="pairing-expiry"></span>
          </li>
        </ol>
        <p>The phone appears in the list below as <em>online</em> within a few seconds.</p>
        <details class="muted">
          <summary>QR code for the future Yarrow Relay app</summary>
          <p>SMS Gateway for Android does not read it; it is here for our own app, which is not released yet.</p>
          <img id="pairing-qr" alt="QR code for pairing" width="160" height="160" />
          <p>Payload: <code id="pairing-payload"></code></p>
        </details>
      </div>
    </section>
    <section aria-labelledby="devices-heading">
      <h2 id="devices-heading">Devices <span class="muted">(live)</span></h2>
      <table>
        <thead><tr><th>Name</th><th>Status</th><th>Battery</th><th>Signal</th><th>Last heartbeat</th><th>Rate budget</th><th></th></tr></thead>
        <tbody id="devices"></tbody>
      </table>
    </section>`;
}

/** Queue health: counts, throughput and per-device load. */
export function queuePage(): PageHtml {
  return html`
    <section aria-labelledby="state-heading" class="card wide">
      <h2 id="state-heading">Queue <span id="queue-state" class="muted"></span></h2>
      <p><button type="button" id="toggle-queue">…</button></p>
      <dl class="counts" id="counts"></dl>
      <p>Oldest queued message: <strong id="oldest">—</strong></p>
    </section>
    <section aria-labelledby="throughput-heading">
      <h2 id="throughput-heading">Throughput, last 15 minutes</h2>
      <div id="chart" role="img" aria-label="Messages accepted and delivered per minute"></div>
    </section>
    <section aria-labelledby="load-heading">
      <h2 id="load-heading">Per-device load</h2>
      <table>
        <thead><tr><th>Device</th><th>Status</th><th>On the phone</th><th>Sent last minute</th><th>Budget per minute</th></tr></thead>
        <tbody id="device-load"></tbody>
      </table>
    </section>`;
}

/** Messages: sent SMS with a filter (live), and the OTP log. */
export function messagesPage(): PageHtml {
  return html`
    <form id="filter" class="card">
      <label for="filter-status">Status</label>
      <select id="filter-status" name="status">
        <option value="">any</option>
        <option value="QUEUED">queued</option>
        <option value="SENT">sent</option>
        <option value="DELIVERED">delivered</option>
        <option value="FAILED">failed</option>
      </select>
      <label for="filter-to">Number contains</label>
      <input id="filter-to" name="to" inputmode="tel" maxlength="32" />
      <button type="submit">Filter</button>
    </form>
    <section aria-labelledby="messages-heading">
      <h2 id="messages-heading">SMS <span class="muted">(live)</span></h2>
      <table>
        <thead><tr><th>Request</th><th>To</th><th>Text</th><th>Status</th><th>Attempts</th><th>Device</th></tr></thead>
        <tbody id="messages"></tbody>
      </table>
    </section>
    <section aria-labelledby="otp-heading">
      <h2 id="otp-heading">OTP log <span class="muted">(codes are never shown)</span></h2>
      <table>
        <thead><tr><th>OTP</th><th>To</th><th>Purpose</th><th>Status</th><th>Attempts</th><th>Sent</th></tr></thead>
        <tbody id="otps"></tbody>
      </table>
    </section>`;
}

/** Launch readiness: the go-live checklist. */
export function readinessPage(): PageHtml {
  return html`
    <p id="ready" class="card">…</p>
    <ol id="steps" class="steps"></ol>
    <p class="muted">The same checklist answers <code>GET /api/v1/launch/readiness</code>.</p>`;
}
