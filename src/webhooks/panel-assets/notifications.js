import { PanelNotifications, PanelUpdateNotificationPreferences } from '/panel/src/webhooks/notifications/panel-operations.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { Badge, DateTime, html, render, useEffect, useState } from '/panel/assets/ui.js';

// Text is rendered by htm/Preact, which escapes it: a subject or body naming what a user typed stays text.
// On a phone the table stacks (table.stack, each cell labelled) and a body wraps (pre.body): nothing is wider than the screen.
const kinds = [
  { field: 'endpointDisabled', label: 'A webhook endpoint is disabled' },
  { field: 'deliveryExhausted', label: 'A webhook delivery runs out of retries (at most one email per endpoint per hour)' },
  { field: 'deviceOffline', label: 'A phone goes offline' },
  { field: 'disputeOpened', label: 'A dispute is opened' },
];
const tones = { sent: 'good', kept: 'neutral', pending: 'warn' };

function NotificationsPage() {
  const [data, setData] = useState(null);
  useEffect(() => {
    client.request(PanelNotifications).then(setData, showError);
  }, []);
  if (!data) return html`<p class="muted">Loading…</p>`;
  const toggle = async (field, on) => {
    try {
      const updated = await client.request(PanelUpdateNotificationPreferences, { input: { [field]: on } });
      clearError();
      setData({ ...data, notificationPreferences: updated.updateNotificationPreferences });
    } catch (error) {
      showError(error);
    }
  };
  return html`<section>
      <h2>Email me when</h2>
      <fieldset class="checks" id="notification-preferences">
        <legend>Kinds of notification (yours only: each panel user chooses their own)</legend>
        ${kinds.map(
          ({ field, label }) => html`<label class="check" key=${field}>
            <input type="checkbox" name=${field} checked=${data.notificationPreferences[field]} onChange=${(event) => toggle(field, event.currentTarget.checked)} />
            ${label}
          </label>`,
        )}
      </fieldset>
    </section>
    <section>
      <h2>Notifications</h2>
      <p class="muted">Without SMTP_URL on the server, notifications are kept here (status kept) instead of emailed.</p>
      ${data.notifications.edges.length === 0
        ? html`<p class="muted">No notifications yet.</p>`
        : html`<table aria-label="Notifications" class="stack">
            <thead><tr><th>When</th><th>To</th><th>Subject</th><th>Status</th></tr></thead>
            <tbody id="notifications">
              ${data.notifications.edges.map(
                ({ node: row }) => html`<tr key=${row.id} data-kind=${row.kind} data-status=${row.status}>
                  <td data-label="When"><${DateTime} value=${row.createdAt} /></td>
                  <td data-label="To">${row.recipient}</td>
                  <td data-label="Subject"><details><summary>${row.subject}</summary><pre class="body" tabindex="0" aria-label="Body">${row.body}</pre></details></td>
                  <td data-label="Status"><${Badge} tone=${tones[row.status] ?? 'neutral'}>${row.status}<//>${row.error ? ` (${row.error})` : ''}</td>
                </tr>`,
              )}
            </tbody>
          </table>`}
    </section>`;
}

const mount = document.getElementById('notifications-app');
mount.replaceChildren();
render(html`<${NotificationsPage} />`, mount);
