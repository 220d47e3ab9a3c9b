// A webhook delivery's state as every panel page shows it (the webhooks, endpoint, payment and
// message pages): one rule, so a failed attempt awaiting its retry reads "retrying at …"
// everywhere and never "pending".
import { Badge, DateTime, html } from '/panel/assets/ui.js';

export function DeliveryStatus({ node }) {
  if (node.status === 'SUCCEEDED') return html`<${Badge} tone="good">delivered<//>`;
  if (node.status === 'FAILED') return html`<${Badge} tone="bad">failed<//>`;
  if (node.attemptCount > 0 && node.nextAttemptAt) return html`<${Badge} tone="warn">retrying at <${DateTime} value=${node.nextAttemptAt} /><//>`;
  return html`<${Badge} tone="neutral">sending<//>`;
}
