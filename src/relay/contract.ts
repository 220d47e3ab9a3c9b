// What the relay's files (and other domains) share with no runtime at hand: its ids, lock
// namespaces, error codes and its live topics' payloads. A leaf: it imports only core/ (and types),
// so importing it loads no other file of the domain (module.ts, the manifest, imports it; no file
// imports module.ts but the module list).
import { domainErrors } from '../core/errors.ts';
import { idMaker } from '../core/ids.ts';
import type { DeviceWork, MessageStatus } from './json.ts';

/** What subscribers of an SMS's status hear (the request id, its public status and counters). */
export interface RelayMessageStatus {
  requestId: string;
  accountId: number;
  status: MessageStatus;
  attempts: number;
  deviceId: string | null;
  failureReason: string | null;
  at: string;
}

/**
 * A device work item (`DeviceWork`) as the dispatcher hands it to the gateway that holds its
 * device, so the gateway can push it without reading it back. An OTP's text stays sealed until
 * that gateway pushes it: then `sealed` is set and `body` is the sealed text.
 */
export type SignalledWork = DeviceWork & { sealed?: true };

/** Work and control for one paired device; the gateway holding its socket (or long-poll) acts on it. */
export type DeviceSignal =
  | { kind: 'send'; messageIds: string[]; work?: SignalledWork[] }
  | { kind: 'cancel'; messageId: string; attempt: number; reason: string }
  | { kind: 'revoked' }
  | { kind: 'replaced'; connectionId: string }
  /** Its settings changed (SIM mode, pacing): the Android app re-reads them (`SettingsUpdated`); our protocol has none to push. */
  | { kind: 'settings' }
  /** The Android app is asked to go through its inbox again (`MessagesExportRequested`); our protocol's phones report each SMS as it comes. */
  | { kind: 'exportInbox'; data: Record<string, string> };

/** Its id kinds and prefixes (`idPrefixes`), and the `newId` of its files. */
export const idPrefixes = {
  device: 'dev',
  pairingCode: 'pair',
  /** An SMS: its id is the `request_id` the send answered with (docs/glossary.md: why `req_`). */
  message: 'req',
  /** An inbound SMS (a message a phone received): not a request, so not `req_`. */
  inboundMessage: 'sms',
  messageAttempt: 'att',
  /** A part of a received MMS (an image, a vCard): `GET /api/v1/messages/{id}/attachments/{attachment_id}`. */
  messageAttachment: 'part',
  messageBatch: 'batch',
  otp: 'otp',
  recipient: 'rcp',
  recipientList: 'lst',
  /** A number on the account's opt-out list. */
  optOut: 'optout',
} as const;
export const { newId } = idMaker(idPrefixes);

/** Its advisory-lock namespaces (`lockNamespaces`), which its files lock with (`advisoryXactLock(tx, relayLocks.otpNumber, key)`). */
export const relayLocks = {
  /** One dispatcher drain per relay account at a time; key: the account id. */
  relayDrain: 72_707_301,
  /** OTP sends to one number of one account, counted against the caps one at a time. */
  otpNumber: 72_707_302,
} as const;

/** Error codes only the relay answers with (`errorCodes`), and the errors it throws with them (`relayErrors.error(code, message)`). */
export const relayErrors = domainErrors({
  /** The relay subscription is past its end: sends are refused until it is renewed. */
  subscription_expired: 402,
  /** A send names a device the account cannot send through (unknown, revoked, not its own). */
  invalid_device: 422,
  /** A send names a number on the account's opt-out list (`to`). */
  recipient_opted_out: 400,
  /** The account's queue is paused (by the account or an operator) or over its limit. */
  queue_blocked: 503,
  /** A part of a foreign protocol Yarrow does not offer (e.g. the Android app's password change). */
  not_implemented: 501,
});
