// The accounts domain's front door: what other domains (and src/'s composition roots) use of it.
// Another domain imports these from here, never from the files behind it (.dependency-cruiser.cjs).

// The account's time: every rule that compares with "now" or schedules a job for later, in any domain.
export { accountNow, accountNows, sendJobAt } from './clock.ts';
export { createAccount, createApiKey, getAccount } from './service.ts';
