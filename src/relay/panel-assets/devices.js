import { PanelCreatePairingCode, PanelDeviceUpdates, PanelDevices, PanelRevokeDevice } from '/panel/sdk/operations.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { confirmAction, html, render, useEffect, useState } from '/panel/assets/ui.js';
import { formatDateTime } from '/panel/sdk/format.ts';
import { EmptyRow, Pager, PresenceBadge, formatNumber, useLiveLoad } from './ui-relay.js';

const PAGE_SIZE = 25;

/** ABCD2345 → ABCD-2345: easier to read off a screen; the server ignores the dash. */
const grouped = (code) => code.replace(/^(.{4})(?=.)/, '$1-');

function Pairing() {
  const [pairing, setPairing] = useState(null);
  const [copied, setCopied] = useState(false);
  const make = async () => {
    try {
      setPairing((await client.request(PanelCreatePairingCode)).createPairingCode);
      setCopied(false);
      clearError();
    } catch (error) {
      showError(error);
    }
  };
  const copy = async () => {
    await navigator.clipboard.writeText(pairing.appServerUrl);
    setCopied(true);
  };
  return html`
    <button type="button" id="make-code" onClick=${make}>${pairing ? 'Make a new pairing code' : 'Make a pairing code'}</button>
    ${pairing
      ? html`<div id="pairing" class="card pairing">
          <ol class="steps">
            <li>
              In the app, open <strong>Settings → Cloud Server</strong>. Set <strong>API URL</strong> to${' '}
              <span class="copyable"><code id="pairing-api-url">${pairing.appServerUrl}</code> <button type="button" id="copy-api-url" onClick=${copy}>${copied ? 'Copied' : 'Copy'}</button></span>
              and <strong>Notification channel</strong> to <strong>SSE only</strong>. Restart the app.
            </li>
            <li>On the app's Home screen, turn on <strong>Cloud server</strong> and choose <strong>Sign in by code</strong>.</li>
            <li>
              Type this code: <strong class="pairing-code" id="pairing-code">${grouped(pairing.code)}</strong>
              <span class="muted" id="pairing-expiry">valid until ${formatDateTime(pairing.expiresAt)}, once</span>
            </li>
          </ol>
          <p>The phone appears in the list below as <em>online</em> within a few seconds.</p>
          <details class="muted">
            <summary>QR code for the future Yarrow Relay app</summary>
            <p>SMS Gateway for Android does not read it; it is here for our own app, which is not released yet.</p>
            <img id="pairing-qr" src=${pairing.qrImage} alt="QR code for pairing" width="160" height="160" />
            <p>Payload: <code id="pairing-payload">${pairing.qrPayload}</code></p>
          </details>
        </div>`
      : null}`;
}

function battery(device) {
  if (device.batteryLevel == null) return '—';
  return `${formatNumber(device.batteryLevel)} %${device.charging ? ' (charging)' : ''}`;
}

export function Budget({ device }) {
  return html`<span title="Messages given to it in the last minute, of its budget per minute">${formatNumber(device.sentLastMinute)} of ${formatNumber(device.ratePerMinute)}/min</span>`;
}

function DevicesList() {
  const [filters, setFilters] = useState({ status: '', search: '' });
  const [draft, setDraft] = useState(filters);
  const [page, setPage] = useState({ first: PAGE_SIZE });
  const [result, setResult] = useState(null);
  const load = async () => {
    try {
      const data = await client.request(PanelDevices, { ...page, status: filters.status || undefined, search: filters.search.trim() || undefined });
      setResult(data.devices);
    } catch (error) {
      showError(error);
    }
  };
  useEffect(() => {
    void load();
  }, [filters, page]);
  useLiveLoad(load, [[PanelDeviceUpdates]], 100);

  const revoke = async (device) => {
    const confirmed = await confirmAction({
      title: `Revoke ${device.name}?`,
      message: 'The phone is signed out and sends nothing more; its queued messages go to your other phones. Pair it again to use it.',
      confirmLabel: 'Revoke phone',
    });
    if (!confirmed) return;
    try {
      await client.request(PanelRevokeDevice, { id: device.id });
      clearError();
      await load();
    } catch (error) {
      showError(error);
    }
  };
  const apply = (event) => {
    event.preventDefault();
    setFilters({ ...draft });
    setPage({ first: PAGE_SIZE });
  };
  const clear = () => {
    setDraft({ status: '', search: '' });
    setFilters({ status: '', search: '' });
    setPage({ first: PAGE_SIZE });
  };
  const filtered = Boolean(filters.status || filters.search);
  const rows = result?.edges ?? [];
  return html`
    <form class="filters" role="search" aria-label="Filter devices" onSubmit=${apply}>
      <div>
        <label for="device-status">Presence</label>
        <select id="device-status" value=${draft.status} onChange=${(event) => setDraft({ ...draft, status: event.currentTarget.value })}>
          <option value="">any</option>
          <option value="ONLINE">online</option>
          <option value="OFFLINE">offline</option>
          <option value="REVOKED">revoked</option>
        </select>
      </div>
      <div class="grow">
        <label for="device-search">Search</label>
        <input id="device-search" type="search" maxlength="100" placeholder="Name or device id" value=${draft.search}
          onInput=${(event) => setDraft({ ...draft, search: event.currentTarget.value })} />
      </div>
      <div class="actions">
        <button type="submit">Filter</button>
        ${filtered ? html`<button type="button" class="secondary" onClick=${clear}>Clear</button>` : null}
      </div>
    </form>
    <table class="stack">
      <thead><tr><th>Name</th><th>Presence</th><th>Battery</th><th>Signal</th><th>Last heartbeat</th><th>Rate budget</th><th><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody id="devices" aria-busy=${result === null}>
        ${result !== null && rows.length === 0
          ? html`<${EmptyRow} columns="7">
              ${filtered
                ? html`No device matches these filters. <button type="button" class="link" onClick=${clear}>Clear the filters</button>`
                : 'No phone paired yet. Make a pairing code above and type it into SMS Gateway for Android.'}
            <//>`
          : rows.map(({ node }) => html`
              <tr key=${node.id} data-device-id=${node.id} data-status=${node.status}>
                <td data-label="Name">
                  <a href=${`/panel/devices/${node.id}`}>${node.name}</a>
                  <div class="muted">${[node.platform, node.appVersion].filter(Boolean).join(' · ')}</div>
                </td>
                <td data-label="Presence" class="device-status"><${PresenceBadge} status=${node.status} /></td>
                <td data-label="Battery">${battery(node)}</td>
                <td data-label="Signal">${node.signalLevel == null ? '—' : `${node.signalLevel} of 4 bars`}</td>
                <td data-label="Last heartbeat">${formatDateTime(node.lastSeenAt)}</td>
                <td data-label="Rate budget"><${Budget} device=${node} /></td>
                <td data-label="Actions">
                  ${node.status === 'REVOKED'
                    ? null
                    : html`<button type="button" class="danger" aria-label=${`Revoke ${node.name}`} onClick=${() => revoke(node)}>Revoke</button>`}
                </td>
              </tr>`)}
      </tbody>
    </table>
    <${Pager} pageInfo=${result?.pageInfo} size=${PAGE_SIZE} onPage=${setPage} label="Devices pages" />`;
}

render(html`<${Pairing} />`, document.getElementById('pairing-app'));
render(html`<${DevicesList} />`, document.getElementById('app'));
