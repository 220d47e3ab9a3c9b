import { PanelEventDeliveries, PanelMessage, PanelMessageChanged, PanelRerouteMessage } from '/panel/src/relay/panel/panel-operations.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { DeliveryStatus } from '/panel/assets/webhook-delivery.js';
import { Badge, confirmAction, html, render, useEffect, useState } from '/panel/assets/ui.js';
import { formatDateTime } from '/panel/sdk/format.ts';
import { EmptyRow, StageBadge, formatNumber, useLiveLoad } from './ui-relay.js';
import { MessageSchedule } from './schedule.js';
import { Conversation } from './conversation.js';

/** Why a queued message waits (Message.waitReason), in words. */
const waitReasonText = {
  account_paused: 'Sending is paused for this account.',
  quiet_hours: 'The account is in its quiet hours: it goes when they end.',
  no_device_online: 'No phone that may send it is online.',
  no_device_with_sim: 'No online phone has the SIM it names.',
  device_budget: 'Every phone that could send it used its messages for this minute.',
  device_daily_cap: 'Every phone that could send it reached its daily cap.',
  device_monthly_recipients_cap: 'Every phone that could send it reached its cap of different numbers this month.',
};

const root = document.getElementById('app');
/** The page is /panel/messages/<id>. */
const requestId = decodeURIComponent(location.pathname.split('/').pop());

const outcomeTones = { sent: 'neutral', delivered: 'good' };


function MessagePage() {
  const [data, setData] = useState(null);
  const [missing, setMissing] = useState(false);
  const load = async () => {
    try {
      const found = await client.request(PanelMessage, { requestId, objectId: requestId });
      // A message has a few events (sent, delivered or failed): their deliveries one query each.
      const events = await Promise.all(
        found.events.edges.map(async ({ node }) => ({
          ...node,
          deliveries: (await client.request(PanelEventDeliveries, { eventId: node.id })).webhookDeliveries.edges.map((edge) => edge.node),
        })),
      );
      setData({ message: found.message, events });
    } catch (error) {
      if (error.code === 'not_found') setMissing(true);
      else showError(error);
    }
  };
  useEffect(() => {
    void load();
  }, []);
  useLiveLoad(load, [[PanelMessageChanged, { requestId }]]);

  // The account's knowing choice: the phone took the message and may still send it.
  const reroute = async () => {
    const confirmed = await confirmAction({
      title: 'Send through another phone?',
      message: `${data.message.device?.name ?? 'The phone'} took this message and may still send it, even later: the person may then get it twice. Send it through another phone anyway?`,
      confirmLabel: 'Send through another phone',
    });
    if (!confirmed) return;
    try {
      await client.request(PanelRerouteMessage, { requestId });
      clearError();
      await load();
    } catch (error) {
      showError(error);
    }
  };

  if (missing) return html`<p class="card">No message ${requestId} in this account. <a href="/panel/messages">Back to messages</a></p>`;
  if (!data) return html`<p class="muted" aria-busy="true">Loading…</p>`;
  const message = data.message;
  const events = data.events;
  const inbound = message.direction === 'INBOUND';
  // Who the conversation is with: the sender of a received SMS, the recipient of a sent one (not
  // when the sender encrypted the number: Yarrow cannot read it).
  const counterparty = inbound ? message.from : message.isEncrypted ? null : message.to;
  return html`
    <p><a href="/panel/messages">← All messages</a></p>
    <section class="card wide" aria-labelledby="summary-heading">
      <h2 id="summary-heading">
        <code>${message.requestId}</code> <span id="message-stage"><${StageBadge} stage=${message.stage} /></span>
      </h2>
      <dl class="facts">
        ${inbound ? html`<div><dt>From</dt><dd id="message-from">${message.fromDisplay}</dd></div>` : null}
        <div><dt>${inbound ? 'To (the phone)' : 'To'}</dt><dd>${message.toDisplay}</dd></div>
        ${inbound ? html`<div><dt>Received</dt><dd>${formatDateTime(message.receivedAt)}</dd></div>` : null}
        ${message.inReplyTo
          ? html`<div><dt>In reply to</dt><dd><a id="in-reply-to" href=${`/panel/messages/${encodeURIComponent(message.inReplyTo)}`}><code>${message.inReplyTo}</code></a></dd></div>`
          : null}
        ${message.device || !message.pinnedDevice
          ? html`<div><dt>Device</dt><dd>${message.device
                  ? html`<a href=${`/panel/devices/${message.device.id}`}>${message.device.name}</a>`
                  : message.stage === 'QUEUED'
                    ? 'the first online phone with room'
                    : '—'}</dd></div>`
          : null}
        ${message.pinnedDevice
          ? html`<div>
              <dt>Pinned to</dt>
              <dd id="pinned">
                <a href=${`/panel/devices/${message.pinnedDevice.id}`}>${message.pinnedDevice.name}</a>${message.pinnedFailsAt
                  ? html`; fails at <time datetime=${message.pinnedFailsAt}>${formatDateTime(message.pinnedFailsAt)}</time> if it stays unreachable`
                  : null}
              </dd>
            </div>`
          : null}
        ${message.waitReason ? html`<div><dt>Waiting</dt><dd id="wait-reason">${waitReasonText[message.waitReason] ?? message.waitReason}</dd></div>` : null}
        ${message.isEncrypted ? html`<div><dt>Encrypted</dt><dd>Number and text are encrypted by the sender; the phone decrypts them.</dd></div>` : null}
        <div><dt>Parts</dt><dd>${formatNumber(message.segments)} (${message.encoding === 'ucs2' ? 'Unicode' : 'GSM-7'})</dd></div>
        ${message.heldSince ? html`<div><dt>Held by the phone since</dt><dd id="held-since">${formatDateTime(message.heldSince)}</dd></div>` : null}
        <div><dt>Queued</dt><dd>${formatDateTime(message.queuedAt)}</dd></div>
        <div><dt>Sent</dt><dd>${formatDateTime(message.sentAt)}</dd></div>
        <div><dt>Delivered</dt><dd>${formatDateTime(message.deliveredAt)}</dd></div>
        ${message.failedAt ? html`<div><dt>Failed</dt><dd>${formatDateTime(message.failedAt)}: ${message.failureReason}</dd></div>` : null}
        <div><dt>Expires</dt><dd>${formatDateTime(message.expiresAt)}</dd></div>
        ${message.reference ? html`<div><dt>Your reference</dt><dd>${message.reference}</dd></div>` : null}
      </dl>
      <${MessageSchedule} requestId=${requestId} stage=${message.stage} onChange=${load} />
      <p class="text">${message.body}</p>
      ${message.stuckSince &&
      html`<div class="alert" role="alert" id="stuck">
        <p>
          <span class="badge bad">Stuck</span> ${message.device?.name ?? 'Its phone'} has held this message since ${formatDateTime(message.heldSince)}${' '}
          without a word about it (flagged ${formatDateTime(message.stuckSince)}). It may still send it when it comes back; wait for it,${' '}
          or send the message through another phone.
        </p>
        <p><button type="button" id="reroute" class="danger" onClick=${reroute}>Send through another phone…</button></p>
      </div>`}
    </section>
    ${counterparty ? html`<${Conversation} number=${counterparty} label=${inbound ? message.fromDisplay : message.toDisplay} current=${message.requestId} />` : null}
    ${inbound ? null : html`<section aria-labelledby="attempts-heading">
      <h2 id="attempts-heading">Attempts per device</h2>
      <table class="stack">
        <thead><tr><th>#</th><th>Device</th><th>Given to the phone</th><th>Acknowledged</th><th>Finished</th><th>Outcome</th></tr></thead>
        <tbody id="attempts">
          ${message.attemptLog.length === 0
            ? html`<${EmptyRow} columns="6">Not given to a phone yet: it waits for ${message.pinnedDevice ? message.pinnedDevice.name : 'an online device'}.<//>`
            : message.attemptLog.map((attempt) => html`
                <tr key=${attempt.number} data-attempt=${attempt.number}>
                  <td data-label="#">${attempt.number}</td>
                  <td data-label="Device"><a href=${`/panel/devices/${attempt.device.id}`}>${attempt.device.name}</a></td>
                  <td data-label="Given to the phone">${formatDateTime(attempt.dispatchedAt)}</td>
                  <td data-label="Acknowledged">${formatDateTime(attempt.acknowledgedAt)}</td>
                  <td data-label="Finished">${formatDateTime(attempt.finishedAt)}</td>
                  <td data-label="Outcome">
                    ${attempt.outcome
                      ? html`<${Badge} tone=${outcomeTones[attempt.outcome] ?? 'bad'}>${attempt.outcome.replaceAll('_', ' ')}<//>`
                      : html`<${Badge} tone="warn">on phone<//>`}
                    ${attempt.failureReason && attempt.failureReason !== attempt.outcome ? html`<div class="muted">${attempt.failureReason}</div>` : null}
                    ${attempt.deviceState && attempt.outcome && attempt.deviceState !== attempt.outcome
                      ? html`<div class="muted" data-device-state=${attempt.deviceState}>the phone said: ${attempt.deviceState.replaceAll('_', ' ')}</div>`
                      : null}
                  </td>
                </tr>`)}
        </tbody>
      </table>
    </section>`}
    <section aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">Webhook deliveries of its events</h2>
      <table class="stack">
        <thead><tr><th>Event</th><th>Endpoint</th><th>Delivery</th><th>Attempts</th><th>Last answer</th></tr></thead>
        <tbody id="deliveries">
          ${events.length === 0
            ? html`<${EmptyRow} columns="5">No events yet: <code>message.sent</code>, <code>message.delivered</code> and <code>message.failed</code> appear here as they happen.<//>`
            : events.flatMap((event) => {
                const deliveries = event.deliveries;
                const eventCell = html`<td data-label="Event"><code>${event.type}</code><div class="muted">${formatDateTime(event.createdAt)}</div></td>`;
                if (deliveries.length === 0) {
                  return [html`<tr key=${event.id} data-event=${event.type}>${eventCell}<td data-label="Endpoint" colspan="4" class="muted">No endpoint subscribed (<a href="/panel/webhooks">add one</a>).</td></tr>`];
                }
                return deliveries.map((delivery) => html`
                  <tr key=${delivery.id} data-event=${event.type} data-delivery-id=${delivery.id}>
                    ${eventCell}
                    <td data-label="Endpoint" class="text">${delivery.endpoint.url}</td>
                    <td data-label="Delivery"><${DeliveryStatus} node=${delivery} /></td>
                    <td data-label="Attempts">${formatNumber(delivery.attemptCount)}</td>
                    <td data-label="Last answer">${delivery.lastStatusCode ?? '—'}</td>
                  </tr>`);
              })}
        </tbody>
      </table>
    </section>`;
}

render(html`<${MessagePage} />`, root);
