// The account's phone-offline threshold on the Devices page: how long a phone may be silent before
// it is marked offline (device.offline, the device_offline notification). GraphQL
// `setDeviceOfflineAfterSeconds`; REST `POST /api/v1/relay/settings` (`device_offline_after_seconds`).
import { PanelOfflineThreshold, PanelSetOfflineThreshold } from '/panel/src/relay/devices/panel-operations.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { FieldError, fieldProps, html, useEffect, useFieldErrors, useState } from '/panel/assets/ui.js';

export function OfflineThreshold() {
  const [current, setCurrent] = useState(null);
  const [value, setValue] = useState('');
  const [done, setDone] = useState('');
  const fields = useFieldErrors(['seconds']);
  const show = (seconds) => {
    setCurrent(seconds);
    setValue(String(seconds));
  };
  useEffect(() => {
    client.request(PanelOfflineThreshold).then((data) => show(data.account.deviceOfflineAfterSeconds), showError);
  }, []);
  const save = async (seconds) => {
    fields.clear();
    setDone('');
    try {
      const saved = (await client.request(PanelSetOfflineThreshold, { seconds })).setDeviceOfflineAfterSeconds.deviceOfflineAfterSeconds;
      show(saved);
      setDone(`A phone silent for ${saved} s is marked offline, and you are notified.`);
      clearError();
    } catch (error) {
      if (!error.code || !fields.show(error)) showError(error);
    }
  };
  if (current === null) return null;
  return html`<section aria-labelledby="offline-heading" class="card wide">
    <h2 id="offline-heading">When a phone counts as offline</h2>
    <p class="muted">
      Now: after <strong id="offline-now">${current} s</strong> without a word from it. Then the messages it had not taken go to your
      other phones, your webhooks hear <code>device.offline</code> and you get a notification.
    </p>
    <form id="offline-threshold" onSubmit=${(event) => {
      event.preventDefault();
      void save(Number(value));
    }}>
      <label for="seconds">Seconds of silence (30 to 86400)</label>
      <input type="number" inputmode="numeric" min="30" max="86400" step="1" required value=${value} onInput=${(event) => setValue(event.currentTarget.value)} ...${fieldProps('seconds', fields.errors.seconds)} />
      <${FieldError} id="seconds" error=${fields.errors.seconds} />
      <p>
        <button type="submit">Save</button>
        <button type="button" id="offline-default" class="secondary" onClick=${() => void save(null)}>Use the server default</button>
      </p>
    </form>
    ${done ? html`<p class="done" role="status">${done}</p>` : null}
  </section>`;
}
