import { randomBytes, randomInt } from 'node:crypto';
import { TypeID, typeid } from 'typeid-js';

/**
 * Prefixed, time-sortable ids (`key_01j…`, `pi_01j…`): the prefix tells a reader what it names.
 * Each domain declares its kinds in its `module.ts` (`idPrefixes`); `src/modules.ts` merges them
 * into `IdPrefixes`. The core's own kinds are here.
 */
const corePrefixes = {
  request: 'hreq', // An HTTP request's X-Request-Id; `req_` is a message's (docs/glossary.md).
  /** An entry of the API request log (src/core/request-log.ts). */
  apiRequest: 'areq',
} as const;

/** Id kind → prefix, from every module (declaration merging in src/modules.ts). */
export interface IdPrefixes extends Record<keyof typeof corePrefixes, string> {}

export type IdKind = keyof IdPrefixes & string;

const prefixes = new Map<string, string>(Object.entries(corePrefixes));

/** Called by `installModules` with one module's id kinds. */
export function registerIdPrefixes(module: string, kinds: Record<string, string>) {
  for (const [kind, prefix] of Object.entries(kinds)) {
    const taken = prefixes.get(kind);
    if (taken !== undefined && taken !== prefix) throw new Error(`id kind ${kind} is declared twice (module ${module})`);
    prefixes.set(kind, prefix);
  }
}

function prefixOf(kind: IdKind): string {
  const prefix = prefixes.get(kind);
  if (prefix === undefined) throw new Error(`Unknown id kind ${kind}: no module declares it (is src/modules.ts loaded?)`);
  return prefix;
}

export function newId(kind: IdKind): string {
  return typeid(prefixOf(kind)).toString();
}

let capabilityMs = 0;
let capabilityCounter = 0;

/**
 * An id that is also a bearer capability (a hosted page opens with the id alone, e.g. `pi_…`).
 * Same time-sortable layout as `newId` (UUIDv7: millisecond, then a 12-bit counter that keeps one
 * process's ids in order), but the last 62 bits are fresh randomness for every id: `newId` only
 * has 40, next to a counter, so one of its ids narrows down its neighbours.
 */
export function newCapabilityId(kind: IdKind): string {
  let ms = Date.now();
  if (ms <= capabilityMs) {
    ms = capabilityMs;
    if (++capabilityCounter > 0xfff) {
      ms += 1;
      capabilityCounter = 0;
    }
  } else {
    capabilityCounter = randomInt(0, 0x800);
  }
  capabilityMs = ms;
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (capabilityCounter >> 8); // version 7, counter high bits
  bytes[7] = capabilityCounter & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant; the rest stays random
  return TypeID.fromUUIDBytes(prefixOf(kind), bytes).toString();
}
