import { html } from 'hono/html';
import type { PageHtml } from '../../core/module.ts';

/** Notifications: the signed-in user's email preferences and the account's notifications; notifications.js renders it. */
export function notificationsPage(): PageHtml {
  return html`<div id="notifications-app"><p class="muted">Loading…</p></div>`;
}
