// What the accounts domain's files (and other domains) share with no runtime at hand: its ids and
// its live topics' payloads. A leaf: it imports only core/, so importing it loads no other file of
// the domain (module.ts, the manifest, imports it; no file imports module.ts but the module list).
import { idMaker } from '../core/ids.ts';

/** Its id kinds and prefixes (module.ts declares them as `idPrefixes`), and the `newId` of its files. */
export const idPrefixes = { apiKey: 'key' } as const;
export const { newId } = idMaker(idPrefixes);

export interface ApiKeyChange {
  keyId: string;
  change: 'created' | 'revoked';
  at: string;
}
