// The transports' front door: each carries the device protocol over its own wire (our WebSocket and
// long-poll, the SMS Gateway for Android app's API, its 3rd-party API and webhooks), parses it into
// the devices' and messages' typed commands, and is registered by the relay's routes (../rest.ts).
export { registerLongPollRoutes } from './long-poll.ts';
export { DEVICE_WS_PATH } from './protocol.ts';
export { registerDeviceSockets } from './websocket.ts';
export { registerAndroidAppRoutes } from './android-app/mobile.ts';
export { registerThirdPartyApi } from './android-app/thirdparty.ts';
// The Android app's webhook body and signature (webhooks/formats.ts loads them lazily, by ../index.ts).
export { smsGatewayBody, smsGatewaySignatureHeaders } from './android-app/webhook-format.ts';
