import type { z } from 'zod';
import type { DbClient } from '../../core/db.ts';
import type { Runtime } from '../../core/runtime.ts';
import { deviceOfflineAfterSeconds } from '../devices/index.ts';
import type { readinessSchema } from '../json.ts';

export type Readiness = z.infer<typeof readinessSchema>;
export type ReadinessStep = Readiness['steps'][number];

/**
 * Whether an account can go live with Relay, as the documented checklist in its order: access
 * token, a device paired, a device online now, a first OTP or SMS delivered, a webhook endpoint,
 * an active subscription. Each step says what to do next.
 */
export async function launchReadiness(rt: Pick<Runtime, 'config'>, db: DbClient, accountId: number): Promise<Readiness> {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId } });
  const keys = await db.apiKey.count({ where: { accountId, revokedAt: null } });
  const paired = await db.device.count({ where: { accountId, status: { not: 'revoked' } } });
  const online = await db.device.count({ where: { accountId, status: 'online' } });
  const delivered = await db.message.findFirst({ where: { accountId, state: 'delivered' }, select: { id: true } });
  const webhook = (await db.webhookEndpoint.count({ where: { accountId, disabledAt: null } })) > 0;
  const expiresAt = account.subscriptionExpiresAt;
  const subscribed = !expiresAt || expiresAt > new Date();

  const steps: ReadinessStep[] = [
    {
      key: 'access_token',
      title: 'Access token exists',
      ok: keys > 0,
      hint: keys > 0 ? `${keys} active API key(s).` : 'Create an API key (GraphQL createApiKey or POST /api/v1/api-keys).',
    },
    {
      key: 'device_paired',
      title: 'A device is paired',
      ok: paired > 0,
      hint:
        paired > 0
          ? `${paired} paired device(s).`
          : 'Make a pairing code on the panel\'s Devices page (or GraphQL createPairingCode) and sign in with it in SMS Gateway for Android (README: "Use your Android phone").',
    },
    {
      key: 'device_online',
      title: 'A device is online now',
      ok: online > 0,
      hint:
        online > 0
          ? `${online} device(s) online.`
          : `Open the app on a paired phone with data and power (SMS Gateway for Android: Cloud server on, battery optimisation off); it must be heard from at least every ${deviceOfflineAfterSeconds(rt, account)} s (the account's threshold, default DEVICE_OFFLINE_AFTER_SECONDS).`,
    },
    {
      key: 'first_delivery',
      title: 'A first OTP or SMS delivered',
      ok: !!delivered,
      hint: delivered
        ? `Delivered: ${delivered.id}.`
        : 'Send a test to your own number (POST /api/v1/sms/send or /api/v1/otp/send) and wait for its delivery report.',
    },
    {
      key: 'webhook_endpoint',
      title: 'A webhook endpoint is configured',
      ok: webhook,
      hint: webhook
        ? 'An enabled webhook endpoint will hear message.delivered, message.failed and device.offline.'
        : 'Add an enabled webhook endpoint so your backend hears message.delivered, message.failed and device.offline.',
    },
    {
      key: 'subscription_active',
      title: 'Subscription is active',
      ok: subscribed,
      hint: subscribed
        ? expiresAt
          ? `Active until ${expiresAt.toISOString()}.`
          : 'Active (no expiry).'
        : `Expired at ${expiresAt!.toISOString()}; sends answer 402 subscription_expired until it is renewed.`,
    },
  ];
  return { ready: steps.every((step) => step.ok), steps };
}
