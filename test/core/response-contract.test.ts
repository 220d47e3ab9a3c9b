import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { moduleRegistry } from '../../src/core/module.ts';
import { modules } from '../../src/modules.ts';
import type { RouteDoc } from '../../src/core/openapi.ts';
import { responseViolation } from '../../src/core/response-contract.ts';

// What the test gateways' `validateResponses` (test/helpers/app.ts) fails a test file for.
const route: RouteDoc = {
  method: 'post',
  path: '/api/v1/things/:id/cancel',
  tag: 'Payments',
  summary: 'Cancel a thing',
  operationId: 'cancelThing',
  auth: 'payments.write',
  responses: { 200: 'The thing.' },
  responseSchema: z.object({ ok: z.literal(true), thing: z.object({ id: z.string(), status: z.enum(['open', 'canceled']) }) }),
  errorCodes: ['invalid_state'],
  errorStatus: moduleRegistry(modules).errorStatus,
};
const error = (code: string, extra: object = {}) => ({ ok: false, error: { code, message: 'Why.', ...extra } });

describe('response contract', () => {
  it('accepts a documented success body and each documented error', () => {
    expect(responseViolation(route, 200, { ok: true, thing: { id: 't_1', status: 'canceled' } })).toBeUndefined();
    for (const [status, code] of [[401, 'unauthorized'], [403, 'forbidden'], [404, 'not_found'], [409, 'invalid_state'], [429, 'rate_limited'], [503, 'service_unavailable']] as const) {
      expect(responseViolation(route, status, error(code, { param: 'id' })), code).toBeUndefined();
    }
  });

  it('reports a serializer that drifted from the schema', () => {
    expect(responseViolation(route, 200, { ok: true, thing: { id: 't_1', status: 'closed' } })).toMatch(/body is not the documented one[\s\S]*thing\.status/);
    expect(responseViolation(route, 200, { ok: true, thing: { status: 'open' } })).toMatch(/thing\.id/);
  });

  it('reports a status the operation does not list, and an error code its status does not list', () => {
    expect(responseViolation(route, 201, { ok: true })).toBe('status 201 is not documented');
    // No body, query, path id or API key: nothing makes such a route answer 400 or 413.
    const noInput: RouteDoc = { ...route, path: '/api/v1/things/cancel-all', auth: 'none' };
    expect(responseViolation(noInput, 400, error('invalid_request'))).toBe('status 400 is not documented');
    expect(responseViolation(noInput, 404, error('not_found'))).toBe('status 404 is not documented');
    expect(responseViolation(noInput, 409, error('idempotency_conflict'))).toBe('error code idempotency_conflict is not documented for status 409 (invalid_state)');
    // A key's request may ask for a simulated fault (Yarrow-Simulate-Error), or send a bad one: 409 idempotency_conflict and 400 are documented.
    const keyedNoInput: RouteDoc = { ...route, path: '/api/v1/things/cancel-all' };
    expect(responseViolation(keyedNoInput, 400, error('invalid_request'))).toBeUndefined();
    expect(responseViolation(route, 409, error('idempotency_conflict'))).toBeUndefined();
  });

  it('reports an error body that is not the envelope', () => {
    expect(responseViolation(route, 404, { error: 'not found' })).toMatch(/not the documented envelope/);
  });

  it('holds the error fields a code adds (errorFields) to their schemas, on that code only', () => {
    const declines: RouteDoc = { ...route, errorCodes: ['invalid_state', 'card_declined'], errorFields: { card_declined: { decline_code: z.string().nullable() } } };
    expect(responseViolation(declines, 402, error('card_declined', { decline_code: 'insufficient_funds' }))).toBeUndefined();
    expect(responseViolation(declines, 402, error('card_declined'))).toMatch(/lacks its documented fields[\s\S]*decline_code/);
    expect(responseViolation(declines, 402, error('card_declined', { decline_code: 42 }))).toMatch(/decline_code/);
    expect(responseViolation(declines, 409, error('invalid_state'))).toBeUndefined();
  });

  it('checks a route with another API’s error shape against that shape', () => {
    const foreign: RouteDoc = { ...route, errorBody: z.object({ message: z.string(), code: z.string() }) };
    expect(responseViolation(foreign, 404, { message: 'No such thing.', code: 'not_found' })).toBeUndefined();
    expect(responseViolation(foreign, 404, error('not_found'))).toMatch(/not the documented envelope/);
  });
});
