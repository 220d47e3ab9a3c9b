import { PanelDevice, PanelDeviceUpdates, PanelMessageUpdates, PanelUpdateDevice } from '/panel/src/relay/panel/panel-operations.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { FieldError, fieldProps, html, render, useEffect, useFieldErrors, useState } from '/panel/assets/ui.js';
import { formatDateTime } from '/panel/sdk/format.ts';
import { ConnectionNote, EmptyRow, PresenceBadge, StageBadge, TimeAgo, formatNumber, useLiveLoad } from './ui-relay.js';

const root = document.getElementById('app');
/** The page is /panel/devices/<id>. */
const deviceId = decodeURIComponent(location.pathname.split('/').pop());

/** A number field's value for GraphQL: empty clears it (null), anything else as typed (the server checks it). */
const optionalNumber = (text) => (text.trim() === '' ? null : Number(text));
const shown = (value) => (value === null || value === undefined ? '' : String(value));
const pacingFields = ['dailyCap', 'monthlyRecipientsCap', 'sendIntervalMinSeconds', 'sendIntervalMaxSeconds'];

/** Rename the phone, change its budget per minute, SIM mode and pacing (GraphQL updateDevice); errors beside their field. */
function DeviceSettings({ device, onSaved }) {
  const [values, setValues] = useState({
    name: device.name,
    ratePerMinute: String(device.ratePerMinute),
    simSelectionMode: device.simSelectionMode,
    ...Object.fromEntries(pacingFields.map((field) => [field, shown(device[field])])),
  });
  const [saved, setSaved] = useState(false);
  const fields = useFieldErrors(['name', 'ratePerMinute', 'simSelectionMode', ...pacingFields]);
  const set = (name) => (event) => {
    setValues({ ...values, [name]: event.currentTarget.value });
    setSaved(false);
  };
  const save = async (event) => {
    event.preventDefault();
    const rate = Number(values.ratePerMinute);
    try {
      await client.request(PanelUpdateDevice, {
        id: device.id,
        input: {
          name: values.name,
          ratePerMinute: values.ratePerMinute.trim() === '' || !Number.isFinite(rate) ? undefined : rate,
          simSelectionMode: values.simSelectionMode,
          ...Object.fromEntries(pacingFields.map((field) => [field, optionalNumber(values[field])])),
        },
      });
      fields.clear();
      clearError();
      setSaved(true);
      await onSaved();
    } catch (error) {
      if (!fields.show(error)) showError(error);
    }
  };
  return html`<form class="card wide" id="device-settings" aria-labelledby="settings-heading" onSubmit=${save}>
    <h2 id="settings-heading">Settings</h2>
    <label for="device-name">Name</label>
    <input name="name" value=${values.name} onInput=${set('name')} required maxlength="100" ...${fieldProps('device-name', fields.errors.name)} />
    <${FieldError} id="device-name" error=${fields.errors.name} />
    <label for="device-rate">Messages per minute at most</label>
    <input name="ratePerMinute" type="number" min="1" max="10000" step="1" inputmode="numeric" value=${values.ratePerMinute} onInput=${set('ratePerMinute')} required ...${fieldProps('device-rate', fields.errors.ratePerMinute)} />
    <${FieldError} id="device-rate" error=${fields.errors.ratePerMinute} />
    <p class="muted">The router gives this phone no more than this many messages a minute; carriers may block a SIM that sends faster.</p>
    <label for="device-sim-mode">SIM when a send gives none</label>
    <select name="simSelectionMode" value=${values.simSelectionMode} onChange=${set('simSelectionMode')} ...${fieldProps('device-sim-mode', fields.errors.simSelectionMode)}>
      <option value="default">The phone's default</option>
      <option value="round_robin">Each SIM in turn (Yarrow picks; limits count per SIM)</option>
      <option value="random">A random SIM (Yarrow picks; limits count per SIM)</option>
    </select>
    <${FieldError} id="device-sim-mode" error=${fields.errors.simSelectionMode} />
    <label for="device-daily-cap">Messages per day at most (empty: no cap)</label>
    <input name="dailyCap" type="number" min="1" step="1" inputmode="numeric" value=${values.dailyCap} onInput=${set('dailyCap')} ...${fieldProps('device-daily-cap', fields.errors.dailyCap)} />
    <${FieldError} id="device-daily-cap" error=${fields.errors.dailyCap} />
    <label for="device-monthly-cap">Different numbers per month at most (empty: no cap)</label>
    <input name="monthlyRecipientsCap" type="number" min="1" step="1" inputmode="numeric" value=${values.monthlyRecipientsCap} onInput=${set('monthlyRecipientsCap')} ...${fieldProps('device-monthly-cap', fields.errors.monthlyRecipientsCap)} />
    <${FieldError} id="device-monthly-cap" error=${fields.errors.monthlyRecipientsCap} />
    <label for="device-wait-min">Wait after each send, from (seconds)</label>
    <input name="sendIntervalMinSeconds" type="number" min="0" max="3600" step="1" inputmode="numeric" value=${values.sendIntervalMinSeconds} onInput=${set('sendIntervalMinSeconds')} ...${fieldProps('device-wait-min', fields.errors.sendIntervalMinSeconds)} />
    <${FieldError} id="device-wait-min" error=${fields.errors.sendIntervalMinSeconds} />
    <label for="device-wait-max">to (seconds; empty: no wait)</label>
    <input name="sendIntervalMaxSeconds" type="number" min="0" max="3600" step="1" inputmode="numeric" value=${values.sendIntervalMaxSeconds} onInput=${set('sendIntervalMaxSeconds')} ...${fieldProps('device-wait-max', fields.errors.sendIntervalMaxSeconds)} />
    <${FieldError} id="device-wait-max" error=${fields.errors.sendIntervalMaxSeconds} />
    <p class="muted">Carriers block SIMs that send too much or to too many new numbers; set the caps from your plan's terms. Caps hold back every message, codes too. The SMS Gateway app waits a random time in that range after each send.</p>
    <p><button type="submit">Save</button> ${saved ? html`<span role="status" id="device-saved">Saved.</span>` : null}</p>
  </form>`;
}

/** The SIMs the phone reported: slot, carrier and number as the app knows them. */
function Sims({ sims }) {
  return html`<section aria-labelledby="sims-heading">
    <h2 id="sims-heading">SIMs</h2>
    <table class="stack">
      <thead><tr><th>Slot</th><th>Carrier</th><th>Number</th></tr></thead>
      <tbody id="sims">
        ${sims.length === 0
          ? html`<${EmptyRow} columns="3">The phone has not reported its SIMs.<//>`
          : sims.map((sim, index) => html`
              <tr key=${index} data-slot=${sim.slot}>
                <td data-label="Slot">${sim.slot ?? '—'}</td>
                <td data-label="Carrier">${sim.carrier ?? '—'}</td>
                <td data-label="Number" class="nowrap">${sim.phone_number ?? '—'}</td>
              </tr>`)}
      </tbody>
    </table>
  </section>`;
}

function DevicePage() {
  const [device, setDevice] = useState(null);
  const [missing, setMissing] = useState(false);
  const load = async () => {
    try {
      setDevice((await client.request(PanelDevice, { id: deviceId })).device);
    } catch (error) {
      if (error.code === 'not_found') setMissing(true);
      else showError(error);
    }
  };
  useEffect(() => {
    void load();
  }, []);
  useLiveLoad(load, [[PanelDeviceUpdates], [PanelMessageUpdates]]);

  if (missing) return html`<p class="card">No device ${deviceId} in this account. <a href="/panel/devices">Back to devices</a></p>`;
  if (!device) return html`<p class="muted" aria-busy="true">Loading…</p>`;
  const messages = device.messages.edges.map((edge) => edge.node);
  const used = device.ratePerMinute > 0 ? Math.min(100, Math.round((device.sentLastMinute / device.ratePerMinute) * 100)) : 0;
  return html`
    <p><a href="/panel/devices">← All devices</a></p>
    <section class="card wide" aria-labelledby="device-heading">
      <h2 id="device-heading">
        ${device.name} <span id="device-presence"><${PresenceBadge} status=${device.status} /> <${ConnectionNote} device=${device} /></span>
      </h2>
      <dl class="facts">
        <div><dt>Device id</dt><dd><code>${device.id}</code></dd></div>
        <div><dt>App</dt><dd>${[device.platform, device.appVersion].filter(Boolean).join(' · ') || '—'}</dd></div>
        <div><dt>Battery</dt><dd>${device.batteryLevel == null ? '—' : `${formatNumber(device.batteryLevel)} %${device.charging ? ' (charging)' : ''}`}</dd></div>
        <div><dt>Signal</dt><dd>${device.signalLevel == null ? '—' : `${device.signalLevel} of 4 bars`}</dd></div>
        <div>
          <dt>Connection</dt>
          <dd id="device-connection">
            ${device.connected
              ? 'connected now'
              : device.disconnectedAt
                ? html`not connected since ${formatDateTime(device.disconnectedAt)}${device.status === 'ONLINE' ? ': the router skips it until it reconnects' : ''}`
                : 'not connected'}
          </dd>
        </div>
        <div><dt>Last heartbeat</dt><dd id="device-heartbeat"><${TimeAgo} iso=${device.lastSeenAt} /></dd></div>
        <div><dt>Paired</dt><dd>${formatDateTime(device.pairedAt)}</dd></div>
        <div><dt>In its own queue</dt><dd>${formatNumber(device.queueLength)}</dd></div>
        <div><dt>Holds</dt><dd id="device-held">${formatNumber(device.heldMessages)} message${device.heldMessages === 1 ? '' : 's'} it took and has not sent yet</dd></div>
      </dl>
      ${device.stuckMessages > 0 &&
      html`<p class="alert" role="alert" id="device-stuck">
        <span class="badge bad">${formatNumber(device.stuckMessages)} stuck</span> held for more than a few minutes without a word: the phone may still send${' '}
        them when it comes back. <a href="/panel/messages?stage=on_phone">Open them</a> to send them through another phone.
      </p>`}
    </section>
    ${device.status === 'REVOKED' ? null : html`<${DeviceSettings} key=${device.id} device=${device} onSaved=${load} />`}
    <${Sims} sims=${device.sims} />
    <section aria-labelledby="budget-heading" class="card wide">
      <h2 id="budget-heading">Rate budget</h2>
      <p id="budget">${formatNumber(device.sentLastMinute)} of ${formatNumber(device.ratePerMinute)} messages per minute used in the last minute.</p>
      <progress max="100" value=${used} aria-labelledby="budget-heading">${used} %</progress>
    </section>
    <section aria-labelledby="presence-heading">
      <h2 id="presence-heading">Presence history</h2>
      <table class="stack">
        <thead><tr><th>When</th><th>Change</th></tr></thead>
        <tbody id="presence">
          ${device.presenceHistory.length === 0
            ? html`<${EmptyRow} columns="2">No change recorded yet.<//>`
            : device.presenceHistory.map((change, index) => html`
                <tr key=${index} data-change=${change.change}>
                  <td data-label="When">${formatDateTime(change.at)}</td>
                  <td data-label="Change"><${PresenceBadge} status=${change.change} /></td>
                </tr>`)}
        </tbody>
      </table>
    </section>
    <section aria-labelledby="recent-heading">
      <h2 id="recent-heading">Recent messages</h2>
      <table class="stack">
        <thead><tr><th>Request</th><th>To</th><th>Status</th><th>Queued</th></tr></thead>
        <tbody id="recent">
          ${messages.length === 0
            ? html`<${EmptyRow} columns="4">This phone has not been given a message yet.<//>`
            : messages.map((message) => html`
                <tr key=${message.requestId} data-request-id=${message.requestId}>
                  <td data-label="Request"><a href=${`/panel/messages/${message.requestId}`}><code>${message.requestId}</code></a></td>
                  <td data-label="To" class="nowrap">${message.toDisplay}</td>
                  <td data-label="Status"><${StageBadge} stage=${message.stage} /></td>
                  <td data-label="Queued" class="nowrap">${formatDateTime(message.queuedAt)}</td>
                </tr>`)}
        </tbody>
      </table>
      <p><a href=${`/panel/messages?deviceId=${device.id}`}>All messages of this device</a></p>
    </section>`;
}

render(html`<${DevicePage} />`, root);
