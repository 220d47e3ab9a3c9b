// The devices' front door: what the relay's other sub-modules (messages routes over their lanes;
// the transports pair, authenticate and hear them; dashboard, otp) and its routes and GraphQL use of
// them. devices/ imports no other sub-module: what a device's coming and going does to the messages
// it holds, messages/ hands it over when it loads (`handMessageMoves`, ./message-moves.ts).

// Pairing, authentication, presence, settings and unpairing (./devices.ts).
export {
  ANDROID_APP_API_PATH,
  authenticateDevice,
  createDeviceAuthenticator,
  type CreatedPairingCode,
  createPairingCode,
  deviceConnected,
  deviceConnection,
  deviceDisconnected,
  deviceJson,
  effectiveRate,
  getDevice,
  pairDevice,
  recordHeartbeat,
  relayBaseUrl,
  relaySettingsInput,
  revokeDevice,
  setRelayMode,
  spendPairingAttempt,
  updateDevice,
  updateDeviceInput,
  withConnections,
} from './devices.ts';
export { registerDeviceSettingsRoutes } from './devices-rest.ts';
// The account's phone-offline threshold (./offline-threshold.ts), its GraphQL registered as it loads.
export { deviceOfflineAfterSeconds, deviceOfflineAfterSecondsInput, setDeviceOfflineAfterSeconds } from './offline-threshold.ts';
export async function loadDevicesGraphql() {
  await import('./offline-threshold-graphql.ts');
}
export { handMessageMoves } from './message-moves.ts';
// What the drain reads and writes of devices: presence (./notices.ts, ./sql.ts), the lanes a message
// may take and their budgets (./pacing.ts), the SIM a send names (./sims.ts).
export { publishDeviceChange, recordPresenceChange } from './notices.ts';
export {
  appMessagesSettings,
  appMessagesSettingsSchema,
  chooseLane,
  type Lane,
  laneBudgetFrees,
  laneSimNumber,
  lanesWithBudget,
  lanesWithCapRoom,
  type LoadedDevice,
  pacingLanes,
  recordPacing,
  spendLane,
  waitReason,
  type WaitReason,
} from './pacing.ts';
export { checkSimNumber, simNumberInput } from './sims.ts';
export { budgetWindowSeconds, deviceLoadRows, lockUnreachableHolder, markOneSilentDeviceOffline, reachableDevice } from './sql.ts';
// The one channel by which a phone's work reaches the transport holding it (./work-channel.ts).
export { awaitWork, type DeviceSignal, deviceSignalEvent, listenToDevice, signalDevices } from './work-channel.ts';
