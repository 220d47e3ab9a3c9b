import { PanelCreatePairingCode, PanelDeviceUpdates, PanelDevices, PanelRevokeDevice } from '/panel/sdk/operations.ts';
import { clearError, client, coalesced, el, live, showError, when } from '/panel/assets/panel.js';

async function load() {
  const data = await client.request(PanelDevices);
  document.getElementById('devices').replaceChildren(
    ...data.devices.edges.map(({ node }) =>
      el(
        'tr',
        { 'data-device-id': node.id, 'data-status': node.status },
        el('td', {}, node.name, el('div', { class: 'muted' }, [node.platform, node.appVersion].filter(Boolean).join(' · '))),
        el('td', { class: 'device-status' }, node.status.toLowerCase()),
        el('td', {}, node.batteryLevel == null ? '—' : `${node.batteryLevel}%${node.charging ? ' (charging)' : ''}`),
        el('td', {}, node.signalLevel == null ? '—' : `${node.signalLevel}/4`),
        el('td', {}, when(node.lastSeenAt)),
        el('td', {}, `${node.ratePerMinute}/min`),
        el(
          'td',
          {},
          node.status === 'REVOKED'
            ? ''
            : el('button', { type: 'button', class: 'danger', 'aria-label': `Revoke ${node.name}`, onclick: () => revoke(node.id) }, 'Revoke'),
        ),
      ),
    ),
  );
}

async function revoke(id) {
  try {
    await client.request(PanelRevokeDevice, { id });
    clearError();
  } catch (error) {
    showError(error);
  }
}

document.getElementById('make-code').addEventListener('click', async () => {
  try {
    const { createPairingCode: pairing } = await client.request(PanelCreatePairingCode);
    document.getElementById('pairing-api-url').textContent = pairing.appServerUrl;
    document.getElementById('copy-api-url').textContent = 'Copy';
    document.getElementById('pairing-code').textContent = grouped(pairing.code);
    document.getElementById('pairing-expiry').textContent = `valid until ${when(pairing.expiresAt)}, once`;
    document.getElementById('pairing-qr').src = pairing.qrImage;
    document.getElementById('pairing-payload').textContent = pairing.qrPayload;
    document.getElementById('pairing').hidden = false;
    clearError();
  } catch (error) {
    showError(error);
  }
});

document.getElementById('copy-api-url').addEventListener('click', async () => {
  await navigator.clipboard.writeText(document.getElementById('pairing-api-url').textContent);
  document.getElementById('copy-api-url').textContent = 'Copied';
});

/** ABCD2345 → ABCD-2345: easier to read off a screen; the server ignores the dash. */
function grouped(code) {
  return code.replace(/^(.{4})(?=.)/, '$1-');
}

live(PanelDeviceUpdates, {}, coalesced(load, 100));
load().catch(showError);
