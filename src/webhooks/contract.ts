// What the webhooks domain's files share with no runtime at hand: its ids and its live topics'
// payloads. A leaf: it imports only core/, so importing it loads no other file of the domain
// (module.ts, the manifest, imports it; no file imports module.ts but the module list).
import { idMaker } from '../core/ids.ts';

/** Its id kinds and prefixes (module.ts declares them as `idPrefixes`), and the `newId` of its files. */
export const idPrefixes = { event: 'evt', webhookEndpoint: 'we', webhookAttempt: 'wa' } as const;
export const { newId } = idMaker(idPrefixes);

/** Its advisory-lock namespaces (`lockNamespaces`), which its files lock with (`advisoryXactLock(tx, webhooksLocks.fifoLine, key)`). */
export const webhooksLocks = {
  /** The line of one FIFO endpoint (src/webhooks/lines.ts): who holds it and who waits changes one transaction at a time; key: the endpoint id. */
  fifoLine: 72_707_501,
  /** Claiming `webhook_deliver` jobs (src/webhooks/intake.ts): one fetch at a time across every process, so each counts the others' claims against the endpoints' caps; singleton. */
  deliveryFetch: 72_707_502,
} as const;

/** A delivery as the live delivery log shows it. */
export interface WebhookDeliveryUpdate {
  deliveryId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  status: string;
  attemptCount: number;
  lastStatusCode: number | null;
  nextAttemptAt: string | null;
  updatedAt: string;
}

/** An event was recorded (the account's live event feed, `yarrow listen`): ids only, the row is read back. */
export interface EventCreated {
  id: string;
  type: string;
}
