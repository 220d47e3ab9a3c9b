import type { Config } from './config.ts';
import { YarrowError } from './errors.ts';
import type { HttpContext } from './http.ts';

// Simulated faults (issue 33), as PayPal's `PayPal-Mock-Response` header: a sandbox request sent
// with `Yarrow-Simulate-Error: <fault>` is answered with that error, in the normal error shape,
// so a merchant can rehearse their retries. `defineRoute` asks before the handler runs (after the
// key is checked), so the request changes nothing: no row, no idempotency record, no event.

export const SIMULATE_ERROR_HEADER = 'Yarrow-Simulate-Error';

const faults = {
  rate_limited: () =>
    new YarrowError('rate_limited', `Too many requests (simulated by ${SIMULATE_ERROR_HEADER}: rate_limited). Retry after the Retry-After seconds; nothing was changed.`, {
      headers: { 'Retry-After': '1' },
    }),
  api_error: () => new YarrowError('internal_error', `An internal error occurred (simulated by ${SIMULATE_ERROR_HEADER}: api_error). Nothing was changed; retry the request.`),
  idempotency_conflict: () =>
    new YarrowError(
      'idempotency_conflict',
      `Another request with this Idempotency-Key is in progress (simulated by ${SIMULATE_ERROR_HEADER}: idempotency_conflict). Nothing was changed; retry the request.`,
    ),
} as const;

export const simulatedFaults = Object.keys(faults) as (keyof typeof faults)[];

/** Throws the fault a request asks for; a request without the header goes on. Live refuses the header. */
export function throwSimulatedError(config: Pick<Config, 'YARROW_ENV'>, c: HttpContext) {
  const asked = c.req.header(SIMULATE_ERROR_HEADER);
  if (asked === undefined) return;
  if (config.YARROW_ENV === 'live') {
    throw new YarrowError('invalid_request', `${SIMULATE_ERROR_HEADER} works only in the sandbox: a live instance never simulates errors. Leave the header out.`, {
      param: SIMULATE_ERROR_HEADER,
    });
  }
  const fault = asked.trim();
  if (!Object.hasOwn(faults, fault)) {
    throw new YarrowError('invalid_request', `${SIMULATE_ERROR_HEADER}: must be one of ${simulatedFaults.join(', ')}`, { param: SIMULATE_ERROR_HEADER });
  }
  throw faults[fault as keyof typeof faults]();
}
