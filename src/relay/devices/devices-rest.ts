import { z } from 'zod';
import { YarrowError } from '../../core/errors.ts';
import type { GatewayContext } from '../../core/gateway-context.ts';
import { ok, okSchema } from '../../core/http.ts';
import { defineRoute } from '../../core/route.ts';
import { deviceSchema } from '../json.ts';
import { deviceJson, updateDevice, withConnections } from './devices.ts';
import { devicePacingInput } from './pacing.ts';

/** A device's settings as REST names them (GraphQL's `UpdateDeviceInput`, camelCase, is the same service input). */
const updateDeviceBody = z.strictObject({
  name: z.string().trim().min(1).max(100).optional(),
  rate_per_minute: z.number().int().min(1).max(10_000).nullable().optional().describe('SMS per minute; null goes back to the default.'),
  sim_selection_mode: devicePacingInput.simSelectionMode,
  daily_cap: devicePacingInput.dailyCap,
  monthly_recipients_cap: devicePacingInput.monthlyRecipientsCap,
  send_interval_min_seconds: devicePacingInput.sendIntervalMinSeconds,
  send_interval_max_seconds: devicePacingInput.sendIntervalMaxSeconds,
});

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The service names its input's fields (camelCase): a refusal here names the body's. */
async function restNames<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof YarrowError) || !error.param) throw error;
    const renamed = new YarrowError(error.code as 'invalid_request', error.message.replace(/[a-z]+(?:[A-Z][a-z]+)+/g, snake), { param: snake(error.param) });
    throw renamed;
  }
}

/** A device's settings over REST (GraphQL: `updateDevice`; the panel's device page). */
export function registerDeviceSettingsRoutes(ctx: GatewayContext) {
  const { rt } = ctx;

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/relay/devices/:id',
    alias: true,
    tag: 'Relay',
    summary:
      'Update a device: its name, per-minute budget, SIM mode (`default`, `round_robin`, `random`) and pacing (daily cap, distinct numbers per month, the random wait after each send). Fields left out stay as they are; null clears a cap. The Android app is told to re-read its settings.',
    operationId: 'updateDevice',
    response: okSchema(deviceSchema.shape),
    errorCodes: ['not_found'],
    auth: 'devices.manage',
    body: updateDeviceBody,
    responses: { 200: 'The device as it is now.' },
    handler: async (c, { body }) => {
      const device = await restNames(() => updateDevice(rt, c.get('principal').accountId, c.req.param('id'), {
        name: body.name,
        ratePerMinute: body.rate_per_minute,
        simSelectionMode: body.sim_selection_mode,
        dailyCap: body.daily_cap,
        monthlyRecipientsCap: body.monthly_recipients_cap,
        sendIntervalMinSeconds: body.send_interval_min_seconds,
        sendIntervalMaxSeconds: body.send_interval_max_seconds,
      }));
      return ok(c, deviceJson(rt, await withConnections(rt.db.prisma, device)));
    },
  });
}
