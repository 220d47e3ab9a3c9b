import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { TypeID, typeid } from 'typeid-js';

/**
 * Prefixed, time-sortable ids (`key_01j…`, `pi_01j…`): the prefix tells a reader what it names.
 * A domain declares its kinds in its `module.ts` (`idPrefixes`) and makes its `newId(kind)` there
 * with `idMaker`; the core's own kinds are here.
 */
// Prefixes are constant data bound where they are declared, not a registry filled at start: `newId` has no runtime at hand.
export function idMaker<const Prefixes extends Record<string, string>>(prefixes: Prefixes) {
  const prefixOf = (kind: string): string => {
    if (!Object.hasOwn(prefixes, kind)) throw new Error(`Unknown id kind ${kind}: no module declares it`);
    return prefixes[kind] as string;
  };
  return {
    newId: (kind: keyof Prefixes & string): string => typeid(prefixOf(kind)).toString(),
    /** An id that is also a bearer capability (`capabilityId`). */
    newCapabilityId: (kind: keyof Prefixes & string): string => capabilityId(prefixOf(kind)),
  };
}

export const { newId } = idMaker({
  request: 'hreq', // An HTTP request's X-Request-Id; `req_` is a message's (docs/glossary.md).
  /** An entry of the API request log (src/core/request-log.ts). */
  apiRequest: 'areq',
});

/**
 * A queue job's id, time-ordered (a bare UUIDv7, in creation order within a process): pg-boss ranks
 * the jobs of one group (an endpoint) that a fetch found by their id to apply the group's cap, so a
 * random id would let a later job of the endpoint go before an earlier one (recover's "oldest
 * first", docs/webhooks.md). UUIDv7 laid out as `capabilityId` below: millisecond, 12-bit counter.
 */
export function newJobId(): string {
  let ms = Date.now();
  if (ms <= jobIdMs) {
    ms = jobIdMs;
    if (++jobIdCounter > 0xfff) {
      ms += 1;
      jobIdCounter = 0;
    }
  } else {
    jobIdCounter = 0;
  }
  if (ms !== jobIdMs) {
    const time = ms.toString(16).padStart(12, '0');
    jobIdTime = `${time.slice(0, 8)}-${time.slice(8)}-7`;
  }
  jobIdMs = ms;
  // randomUUID's last 62 random bits and variant (Node keeps an entropy cache: a few times cheaper
  // than typeid's v7 on the delivery path), after the time and the counter.
  return jobIdTime + (0x1000 + jobIdCounter).toString(16).slice(1) + randomUUID().slice(18);
}
let jobIdMs = 0;
let jobIdCounter = 0;
let jobIdTime = '';

/**
 * The smallest id of a kind made at or after `at` (its UUIDv7 time, the rest zero): `id >= firstIdAt(…)`
 * reads a time window through an index on the id (`(account_id, id)`), with no index on the time.
 */
export function firstIdAt(prefix: string, at: Date): string {
  const bytes = new Uint8Array(16);
  const ms = Math.max(0, Math.floor(at.getTime()));
  for (let i = 0; i < 6; i++) bytes[i] = Math.floor(ms / 2 ** (8 * (5 - i))) % 256;
  bytes[6] = 0x70;
  return TypeID.fromUUIDBytes(prefix, bytes).toString();
}

let capabilityMs = 0;
let capabilityCounter = 0;

/**
 * An id that is also a bearer capability (a hosted page opens with the id alone, e.g. `pi_…`).
 * Same time-sortable layout as `newId` (UUIDv7: millisecond, then a 12-bit counter that keeps one
 * process's ids in order), but the last 62 bits are fresh randomness for every id: `newId` only
 * has 40, next to a counter, so one of its ids narrows down its neighbours.
 */
function capabilityId(prefix: string): string {
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
  return TypeID.fromUUIDBytes(prefix, bytes).toString();
}
