import { handMessageMoves } from '../devices/index.ts';
import { failPinnedTo, releaseDeviceMessages, releaseUnacknowledged } from './transitions.ts';
import { wakeDrain } from './wake.ts';

// The message's front door: what the relay's other sub-modules (transports, otp, dashboard,
// recipients) and its routes and GraphQL use of it. They enter messages/ here; its files
// (the lifecycle table, the plans, the transitions) are its own.

// Sending: typed commands under the account's rules (./send.ts); the Yarrow API's send fields.
export { sendAcceptedJson, sendMessages, sendOptionFields, sendOptions, sendSmsInput, type SendOptions } from './send.ts';
// End-to-end encrypted sends (./encrypted.ts): the shape of a value the phone decrypts.
export { encryptedValue, MAX_ENCRYPTED_LENGTH } from './encrypted.ts';
// A message as its sender sees it (./status.ts).
export { devicesTried, getMessage, messagePartsJson, messageStage, messageStatus, messageStatusJson, pinnedFailsAt, stateOfStage, statesOfStatus, statusEvent } from './status.ts';
// What phones report and hold (./reports.ts, ./frames.ts, ./handoff.ts).
export { acknowledgeMessage, messageAckFields, messageReportFields, reportMessage } from './reports.ts';
export { applyFrame } from './frames.ts';
// The work item a phone is given for a message (./work.ts).
export { deviceWorkJson, unsealedWork } from './work.ts';
export { giveBackMessage, heldMessagesFields, pendingForDevice, recordPhoneWord, rerouteBody, rerouteMessage, serveWorkToApp, syncHeldMessages, takenBackFrom } from './handoff.ts';
// Inbound SMS, as both transports hand them over (./inbound.ts).
export { receiveSms, receivedFrameFields, receivedFromFrame } from './inbound.ts';
// Moves other sub-modules make: a device unpaired or gone, a 3rd-party cancel (./transitions.ts).
export { cancelQueuedMessages, failPinnedTo, releaseDeviceMessages, releaseUnacknowledged } from './transitions.ts';
// The drain: its one wake-up (./wake.ts) and the routing and presence workers' passes (./drain.ts).
export { RELAY_WAKE_CHANNEL, wakeDrain } from './wake.ts';
export { coalescedDrains, presenceIntervalMs, presenceTick, sweepWaitingAccounts } from './drain.ts';
// Schedules and quiet hours (./schedule.ts): the cancel of a scheduled message, the account's quiet hours.
export { registerScheduleRoutes } from './schedule-rest.ts';
export { quietHoursBody, quietHoursJson, setQuietHours } from './schedule.ts';
export { waitReasons, waitReasonsPerRequest } from './wait-reasons.ts';
// A received MMS's parts (./attachments.ts, ./attachments-rest.ts).
export { attachmentsOf } from './attachments.ts';
export { MessageAttachmentType } from './attachments-graphql.ts';
export { registerAttachmentRoutes, registerPanelAttachmentRoute } from './attachments-rest.ts';
// The maintenance worker's pass that masks old texts (./retention.ts).
export { purgeOldMessageTexts } from './retention.ts';

/** The messages' GraphQL fields of schedules and quiet hours (./schedule-graphql.ts), registered as they load. */
export async function loadMessagesGraphql() {
  await import('./schedule-graphql.ts');
}

// What a device's coming and going does to its messages: devices/ cannot import messages/ (the drain
// routes over its lanes), so messages/ hands these moves over as it loads (devices/message-moves.ts).
handMessageMoves({ wakeDrain, releaseUnacknowledged, releaseDeviceMessages, failPinnedTo });
