// The account's phone-offline threshold in GraphQL (as `device_offline_after_seconds` of
// /api/v1/relay/settings): read on Account, set with setDeviceOfflineAfterSeconds.
import { z } from 'zod';
import { parseInput } from '../../core/errors.ts';
import { builder } from '../../graphql/builder.ts';
import { deviceOfflineAfterBounds, deviceOfflineAfterSeconds, deviceOfflineAfterSecondsInput, setDeviceOfflineAfterSeconds } from './offline-threshold.ts';

const { min, max } = deviceOfflineAfterBounds;

builder.prismaObjectFields('Account', (t) => ({
  deviceOfflineAfterSeconds: t.int({
    description: `Seconds of silence after which a phone of the account is marked OFFLINE (device.offline, the device_offline notification): the account's own (${min} to ${max}), or the server default DEVICE_OFFLINE_AFTER_SECONDS.`,
    resolve: (account, _args, ctx) => deviceOfflineAfterSeconds(ctx.rt, account),
  }),
}));

builder.mutationFields((t) => ({
  setDeviceOfflineAfterSeconds: t.prismaField({
    type: 'Account',
    description: `Set how long a phone of the account may be silent before it is marked OFFLINE (${min} to ${max} seconds), or with null go back to the server default (DEVICE_OFFLINE_AFTER_SECONDS). The device-presence worker's next pass applies it.`,
    authScopes: { scope: 'devices.manage' },
    args: { seconds: t.arg.int({ required: false, description: `${min} to ${max}; null: the server default.` }) },
    resolve: (_query, _root, { seconds }, ctx) =>
      setDeviceOfflineAfterSeconds(ctx.rt.db.prisma, ctx.principal!.accountId, parseInput(z.strictObject({ seconds: deviceOfflineAfterSecondsInput }), { seconds: seconds ?? null }).seconds),
  }),
}));
