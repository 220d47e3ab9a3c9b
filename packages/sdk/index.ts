// The package `@yarrow/sdk`: the REST client, the GraphQL client and the phone app's end-to-end
// encryption (WebCrypto). Webhook verification needs node:crypto, so it is the separate entry
// `@yarrow/sdk/webhooks` and this one runs in browsers.
export { createYarrowRestClient, type YarrowRestClient, type YarrowRestClientOptions, type YarrowRestPaths } from './rest.ts';
export { createYarrowClient, YarrowGraphqlError, type GraphqlDocument, type Subscription, type YarrowClient, type YarrowClientOptions } from './client.ts';
export { DEFAULT_ENCRYPTION_ITERATIONS, encrypt, type EncryptOptions } from './encryption.ts';
