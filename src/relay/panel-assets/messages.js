import { PanelMessageDevices, PanelMessageUpdates, PanelMessages, PanelOtps } from '/panel/src/relay/panel/panel-operations.ts';
import { client, showError } from '/panel/assets/panel.js';
import { Badge, html, render, useEffect, useState } from '/panel/assets/ui.js';
import { formatDateTime } from '/panel/sdk/format.ts';
import { Breakable, EmptyRow, Pager, StageBadge, formatNumber, stageNames, useLiveLoad } from './ui-relay.js';

const PAGE_SIZE = 25;

/**
 * An OTP's status in the words of the API: a verified code is `success` (what POST
 * /api/v1/otp/verify answered), the others as stored (`pending`, `expired`, `max attempts reached`).
 */
const otpStatusNames = { approved: 'success', max_attempts_reached: 'max attempts reached' };
const otpStatusTones = { approved: 'good', pending: 'neutral', expired: 'warn', max_attempts_reached: 'bad', canceled: 'neutral' };
const blankFilters = { stage: '', deviceId: '', from: '', until: '', search: '', counterparty: '' };

/** The filters in the address bar, so a reload or the back button from a message keeps them. */
function filtersFromUrl() {
  const params = new URLSearchParams(location.search);
  return Object.fromEntries(Object.keys(blankFilters).map((name) => [name, params.get(name) ?? '']));
}

/** A day picked in a date input, as the start of that day (or of the next, for an end) here. */
const dayStart = (day, plusDays = 0) => {
  if (!day) return undefined;
  const date = new Date(`${day}T00:00`);
  date.setDate(date.getDate() + plusDays);
  return date.toISOString();
};

function variablesOf(filters, page) {
  return {
    ...page,
    stage: filters.stage || undefined,
    deviceId: filters.deviceId || undefined,
    queuedAfter: dayStart(filters.from),
    queuedBefore: dayStart(filters.until, 1),
    search: filters.search.trim() || undefined,
    counterparty: filters.counterparty || undefined,
  };
}

function MessagesPage() {
  const [filters, setFilters] = useState(filtersFromUrl);
  const [draft, setDraft] = useState(filters);
  const [page, setPage] = useState({ first: PAGE_SIZE });
  const [result, setResult] = useState(null);
  const [devices, setDevices] = useState([]);
  const [otps, setOtps] = useState([]);

  const load = async () => {
    try {
      const data = await client.request(PanelMessages, variablesOf(filters, page));
      setResult(data.messages);
    } catch (error) {
      showError(error);
    }
  };
  useEffect(() => {
    void load();
  }, [filters, page]);
  useEffect(() => {
    client.request(PanelMessageDevices).then((data) => setDevices(data.devices.edges.map((edge) => edge.node)), showError);
    client.request(PanelOtps).then((data) => setOtps(data.otps.edges.map((edge) => edge.node)), showError);
  }, []);
  useLiveLoad(load, [[PanelMessageUpdates]]);

  const apply = (event) => {
    event.preventDefault();
    const params = new URLSearchParams(Object.entries(draft).filter(([, value]) => value));
    history.replaceState(null, '', `${location.pathname}${params.size ? `?${params}` : ''}`);
    setFilters({ ...draft });
    setPage({ first: PAGE_SIZE });
  };
  const clear = () => {
    setDraft(blankFilters);
    history.replaceState(null, '', location.pathname);
    setFilters(blankFilters);
    setPage({ first: PAGE_SIZE });
  };
  const input = (name) => (event) => setDraft({ ...draft, [name]: event.currentTarget.value });
  const filtered = Object.values(filters).some(Boolean);
  const rows = result?.edges ?? [];

  return html`
    <form id="filter" class="filters" role="search" aria-label="Filter messages" onSubmit=${apply}>
      <div>
        <label for="filter-stage">Status</label>
        <select id="filter-stage" name="stage" value=${draft.stage} onChange=${input('stage')}>
          <option value="">any</option>
          ${Object.entries(stageNames).map(([value, name]) => html`<option value=${value}>${name}</option>`)}
        </select>
      </div>
      <div>
        <label for="filter-device">Device</label>
        <select id="filter-device" name="deviceId" value=${draft.deviceId} onChange=${input('deviceId')}>
          <option value="">any</option>
          ${devices.map((device) => html`<option value=${device.id}>${device.name}</option>`)}
        </select>
      </div>
      <div>
        <label for="filter-from">Queued from</label>
        <input id="filter-from" name="from" type="date" value=${draft.from} onInput=${input('from')} />
      </div>
      <div>
        <label for="filter-until">Queued until</label>
        <input id="filter-until" name="until" type="date" value=${draft.until} onInput=${input('until')} />
      </div>
      <div class="grow">
        <label for="filter-search">Search</label>
        <input id="filter-search" name="search" type="search" maxlength="64" placeholder="Request id, batch id or phone number"
          value=${draft.search} onInput=${input('search')} />
      </div>
      <div class="actions">
        <button type="submit">Filter</button>
        ${filtered ? html`<button type="button" class="secondary" onClick=${clear}>Clear</button>` : null}
      </div>
    </form>
    ${filters.counterparty
      ? html`<p id="counterparty-filter">Only the conversation with <strong>${filters.counterparty}</strong>: what was sent to it and what it sent.</p>`
      : null}
    <section aria-labelledby="messages-heading">
      <h2 id="messages-heading">SMS <span class="muted">(live)</span></h2>
      <table class="stack">
        <thead><tr><th>Request</th><th>To</th><th>Text</th><th>Status</th><th>Attempts</th><th>Device</th><th>Queued or received</th></tr></thead>
        <tbody id="messages" aria-busy=${result === null}>
          ${result !== null && rows.length === 0
            ? html`<${EmptyRow} columns="7">
                ${filtered
                  ? html`No message matches these filters. <button type="button" class="link" onClick=${clear}>Clear the filters</button>`
                  : html`No messages yet. Pair a phone on <a href="/panel/devices">Devices</a>, then send one with <code>POST /api/v1/sms/send</code>.`}
              <//>`
            : rows.map(({ node }) => html`
                <tr key=${node.requestId} data-request-id=${node.requestId} data-status=${node.stage === 'ON_PHONE' ? 'QUEUED' : node.stage} data-stage=${node.stage}>
                  <td data-label="Request" class="id"><a href=${`/panel/messages/${node.requestId}`}><code><${Breakable} text=${node.requestId} /></code></a></td>
                  <td data-label="To" class="nowrap" data-direction=${node.direction}>${node.direction === 'INBOUND'
                    ? html`<span class="muted">from</span> ${node.fromDisplay}`
                    : node.toDisplay}</td>
                  <td data-label="Text" class="text">${node.body}</td>
                  <td data-label="Status" class="message-status">
                    <${StageBadge} stage=${node.stage} />
                    ${node.failureReason ? html`<div class="muted reason"><${Breakable} text=${node.failureReason} /></div>` : null}
                  </td>
                  <td data-label="Attempts">${node.direction === 'INBOUND' ? '—' : formatNumber(node.attempts)}</td>
                  <td data-label="Device">${node.device ? html`<a href=${`/panel/devices/${node.device.id}`}>${node.device.name}</a>` : '—'}</td>
                  ${node.direction === 'INBOUND'
                    ? html`<td data-label="Received" class="nowrap">${formatDateTime(node.receivedAt)}</td>`
                    : html`<td data-label="Queued" class="nowrap">${formatDateTime(node.queuedAt)}</td>`}
                </tr>`)}
        </tbody>
      </table>
      <${Pager} pageInfo=${result?.pageInfo} size=${PAGE_SIZE} onPage=${setPage} label="Messages pages" />
    </section>
    <section aria-labelledby="otp-heading">
      <h2 id="otp-heading">OTP log <span class="muted">(codes are never shown)</span></h2>
      <table class="stack">
        <thead><tr><th>OTP</th><th>To</th><th>Purpose</th><th>Status</th><th>Attempts</th><th>Its SMS</th><th>Sent</th></tr></thead>
        <tbody id="otps">
          ${otps.length === 0
            ? html`<${EmptyRow} columns="7">No one-time codes sent yet (<code>POST /api/v1/otp/send</code>).<//>`
            : otps.map((otp) => html`
                <tr key=${otp.id} data-otp-id=${otp.id}>
                  <td data-label="OTP" class="id"><code><${Breakable} text=${otp.id} /></code></td>
                  <td data-label="To" class="nowrap">${otp.toDisplay}</td>
                  <td data-label="Purpose">${otp.purpose}</td>
                  <td data-label="Status" data-otp-status=${otp.status}>
                    <${Badge} tone=${otpStatusTones[otp.status] ?? 'neutral'}>${otpStatusNames[otp.status] ?? otp.status.replaceAll('_', ' ')}<//>
                  </td>
                  <td data-label="Attempts">${otp.attempts}/${otp.maxAttempts}</td>
                  <td data-label="Its SMS" class="id"><a href=${`/panel/messages/${otp.requestId}`}><code><${Breakable} text=${otp.requestId} /></code></a></td>
                  <td data-label="Sent" class="nowrap">${formatDateTime(otp.createdAt)}</td>
                </tr>`)}
        </tbody>
      </table>
    </section>`;
}

render(html`<${MessagesPage} />`, document.getElementById('app'));
