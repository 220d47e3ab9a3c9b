// What the panel domain's files share with no runtime at hand: its ids and the sandbox login. A leaf:
// it imports only core/, so importing it loads no other file of the domain (module.ts, the
// manifest, imports it; no file imports module.ts but the module list).
import { idMaker } from '../core/ids.ts';

/** Its id kinds and prefixes (module.ts declares them as `idPrefixes`), and the `newId` of its files. */
export const idPrefixes = { panelUser: 'usr' } as const;
export const { newId } = idMaker(idPrefixes);

/** The sandbox account's panel login (its password is printed on the start that creates it). */
export const SANDBOX_PANEL_EMAIL = 'sandbox@yarrow.test';
