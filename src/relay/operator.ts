// Operator commands for an account's relay queue (pause/resume are also in the panel and GraphQL).
//   npm run relay:operator -- pause <accountId>          sends answer 503 queue_blocked; queued messages wait
//   npm run relay:operator -- resume <accountId>
//   npm run relay:operator -- queue-limit <accountId> <n|default>
//   npm run relay:operator -- subscription <accountId> <ISO date|none>
import '../modules.ts';
import { openRuntime } from '../core/process.ts';
import { publish } from '../core/pubsub.ts';
import { wakeDispatcher } from './notices.ts';
import { pauseRelayQueue, resumeRelayQueue } from './queue-health.ts';

const [command, accountArg, value] = process.argv.slice(2);
const accountId = Number(accountArg);
const usage = 'Usage: npm run relay:operator -- pause|resume <accountId> | queue-limit <accountId> <n|default> | subscription <accountId> <ISO date|none>';
if (!command || !Number.isInteger(accountId)) {
  console.error(usage);
  process.exit(2);
}

const rt = await openRuntime('relay-operator');
try {
  const account = await rt.db.prisma.$transaction(async (tx) => {
    if (command === 'pause') return pauseRelayQueue(tx, accountId, 'operator');
    if (command === 'resume') return resumeRelayQueue(rt, tx, accountId);
    if (command === 'queue-limit') {
      const limit = value === 'default' ? null : Number(value);
      if (limit !== null && !(Number.isInteger(limit) && limit > 0)) throw new Error('queue-limit takes a positive integer or "default"');
      return tx.account.update({ where: { id: accountId }, data: { relayQueueLimit: limit } });
    }
    if (command === 'subscription') {
      const expiresAt = value === 'none' ? null : new Date(String(value));
      if (expiresAt && Number.isNaN(expiresAt.getTime())) throw new Error('subscription takes an ISO date or "none"');
      const updated = await tx.account.update({ where: { id: accountId }, data: { subscriptionExpiresAt: expiresAt } });
      await wakeDispatcher(rt, tx, accountId);
      await publish(tx, 'relaySubscriptionChanged', accountId, { expiresAt: expiresAt?.toISOString() ?? null });
      return updated;
    }
    throw new Error(`unknown command ${command}. ${usage}`);
  });
  console.log(
    JSON.stringify({
      account: account.id,
      relay_paused_at: account.relayPausedAt?.toISOString() ?? null,
      relay_queue_limit: account.relayQueueLimit,
      subscription_expires_at: account.subscriptionExpiresAt?.toISOString() ?? null,
    }),
  );
  await rt.close();
  process.exit(0);
} catch (error) {
  console.error(`relay:operator: ${(error as Error).message}`);
  await rt.close();
  process.exit(1);
}
