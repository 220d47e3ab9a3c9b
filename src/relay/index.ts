// The relay domain's front door: what other domains use of it. Another domain imports these from
// here, never from the files behind it (.dependency-cruiser.cjs).

// The SMS Gateway for Android app's webhook body and signature (webhooks/formats.ts loads them lazily).
export { smsGatewayBody, smsGatewaySignatureHeaders } from './transports/index.ts';
