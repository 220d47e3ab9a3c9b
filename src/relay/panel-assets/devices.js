import { PanelCreatePairingCode, PanelDeviceUpdates, PanelDevices, PanelRevokeDevice } from '/panel/src/relay/panel/panel-operations.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { List, confirmAction, html, render, useLiveKey, useState } from '/panel/assets/ui.js';
import { formatDateTime } from '/panel/sdk/format.ts';
import { OfflineThreshold } from './offline-threshold.js';
import { ConnectionNote, PresenceBadge, TimeAgo, formatNumber } from './ui-relay.js';

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
              <span class="copyable"><code id="pairing-api-url">${pairing.appServerUrl}</code> <button type="button" id="copy-api-url" onClick=${copy}>${copied ? 'Copied' : 'Copy'}</button></span>${' '}
              and <strong>Notification channel</strong> to <strong>SSE only</strong>. Restart the app.
              ${pairing.appServerUrl.startsWith('http://')
                ? html`<p class="alert" role="note" id="pairing-http-warning">
                    This address is <code>http://</code>: the app's release build refuses it (Android blocks plain HTTP), so only a debug
                    build can connect. Serve Yarrow over HTTPS (set <code>PUBLIC_BASE_URL</code> to an <code>https://</code> address) for real phones.
                  </p>`
                : null}
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

const presenceFilter = {
  name: 'status',
  label: 'Presence',
  options: [
    { value: 'ONLINE', label: 'online' },
    { value: 'OFFLINE', label: 'offline' },
    { value: 'REVOKED', label: 'revoked' },
  ],
};

function DevicesList() {
  const liveKey = useLiveKey(PanelDeviceUpdates);
  const [revoked, setRevoked] = useState(0);
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
      setRevoked(revoked + 1);
    } catch (error) {
      showError(error);
    }
  };
  const columns = [
    {
      label: 'Name',
      cell: (node) => html`<a href=${`/panel/devices/${node.id}`}>${node.name}</a>
        <div class="muted">${[node.platform, node.appVersion].filter(Boolean).join(' · ')}</div>`,
    },
    {
      label: 'Presence',
      className: 'device-status',
      cell: (node) => html`<${PresenceBadge} status=${node.status} /> <${ConnectionNote} device=${node} />`,
    },
    { label: 'Battery', cell: battery },
    { label: 'Signal', cell: (node) => (node.signalLevel == null ? '—' : `${node.signalLevel} of 4 bars`) },
    { label: 'Last heartbeat', cell: (node) => html`<${TimeAgo} iso=${node.lastSeenAt} />` },
    { label: 'Rate budget', cell: (node) => html`<${Budget} device=${node} />` },
    {
      label: 'Actions',
      className: 'actions',
      cell: (node) =>
        node.status === 'REVOKED'
          ? ''
          : html`<button type="button" class="danger" aria-label=${`Revoke ${node.name}`} onClick=${() => revoke(node)}>Revoke</button>`,
    },
  ];
  return html`<${List}
    label="Devices"
    tbodyId="devices"
    pageSize=${PAGE_SIZE}
    columns=${columns}
    filters=${[presenceFilter, { name: 'search', label: 'Search', search: true, placeholder: 'Name or device id' }]}
    liveKey=${liveKey + revoked}
    rowAttributes=${(node) => ({ 'data-device-id': node.id, 'data-status': node.status })}
    fetchPage=${async (page, values) =>
      (await client.request(PanelDevices, { ...page, status: values.status || undefined, search: values.search || undefined })).devices}
    empty="No phone paired yet. Make a pairing code above and type it into SMS Gateway for Android."
  />`;
}

render(html`<${Pairing} />`, document.getElementById('pairing-app'));
render(html`<${DevicesList} />`, document.getElementById('app'));
render(html`<${OfflineThreshold} />`, document.getElementById('offline-threshold-app'));
