// Operator commands for an account's relay queue (pause/resume are also in the panel and GraphQL,
// but a pause made here is the operator's: the account cannot lift it).
//   npm run relay:operator -- pause <accountId>          sends answer 503 queue_blocked; queued messages wait
//   npm run relay:operator -- resume <accountId>
//   npm run relay:operator -- queue-limit <accountId> <n|default>
//   npm run relay:operator -- recipient-limit <accountId> <n|default>
//   npm run relay:operator -- subscription <accountId> <ISO date|none>
// It needs the server's database: the same DATA_DIR as `npm start` (or DATABASE_URL and YARROW_SECRET).
// Every failure is one line on stderr and exit code 1 (2 for a wrong command line).
import { modules } from '../../modules.ts';
import { loadConfig } from '../../core/config.ts';
import { YarrowError } from '../../core/errors.ts';
import { openRuntime, startupFailureMessage } from '../../core/process.ts';
import { publish } from '../../core/pubsub.ts';
import { wakeDrain } from '../messages/index.ts';
import { pauseRelayQueue, resumeRelayQueue } from './queue-health.ts';

const [command, accountArg, value] = process.argv.slice(2);
const accountId = Number(accountArg);
const usage =
  'Usage: npm run relay:operator -- pause|resume <accountId> | queue-limit <accountId> <n|default> | recipient-limit <accountId> <n|default> | subscription <accountId> <ISO date|none>';
if (!command || !['pause', 'resume', 'queue-limit', 'recipient-limit', 'subscription'].includes(command) || !/^\d+$/.test(accountArg ?? '') || !Number.isSafeInteger(accountId)) {
  console.error(usage);
  process.exit(2);
}

/** A mistake in what the operator asked for: its message is the whole line. */
class OperatorError extends Error {}

let rt: Awaited<ReturnType<typeof openRuntime>> | undefined;
try {
  // Never a new secret or data folder: without the server's, say so instead of creating them.
  rt = await openRuntime('relay-operator', { modules, config: loadConfig(modules, process.env, { createSecret: false }) });
  const runtime = rt;
  const account = await runtime.db.prisma.$transaction(async (tx) => {
    if (!(await tx.account.findUnique({ where: { id: accountId }, select: { id: true } }))) {
      throw new OperatorError(`No account ${accountId} in this database (is DATA_DIR, or DATABASE_URL, the server's?).`);
    }
    if (command === 'pause') return pauseRelayQueue(tx, accountId, 'operator');
    if (command === 'resume') return resumeRelayQueue(tx, accountId, 'operator');
    if (command === 'queue-limit' || command === 'recipient-limit') {
      const limit = value === 'default' ? null : Number(value);
      if (limit !== null && !(Number.isInteger(limit) && limit > 0)) throw new OperatorError(`${command} takes a positive integer or "default"`);
      return tx.account.update({ where: { id: accountId }, data: command === 'queue-limit' ? { relayQueueLimit: limit } : { relayRecipientLimit: limit } });
    }
    const expiresAt = value === 'none' ? null : new Date(String(value));
    if (expiresAt && Number.isNaN(expiresAt.getTime())) throw new OperatorError('subscription takes an ISO date or "none"');
    const updated = await tx.account.update({ where: { id: accountId }, data: { subscriptionExpiresAt: expiresAt } });
    await wakeDrain(tx, accountId);
    await publish(tx, 'relaySubscriptionChanged', accountId, { expiresAt: expiresAt?.toISOString() ?? null });
    return updated;
  });
  console.log(
    JSON.stringify({
      account: account.id,
      relay_paused_at: account.relayPausedAt?.toISOString() ?? null,
      relay_paused_by: account.relayPausedBy ?? null,
      relay_queue_limit: account.relayQueueLimit,
      relay_recipient_limit: account.relayRecipientLimit,
      subscription_expires_at: account.subscriptionExpiresAt?.toISOString() ?? null,
    }),
  );
  await rt.close();
  process.exit(0);
} catch (error) {
  const message = error instanceof OperatorError || error instanceof YarrowError ? error.message : startupFailureMessage(error);
  console.error(`relay:operator: ${message}`);
  if (/^(debug|trace)$/.test(process.env.LOG_LEVEL ?? '')) console.error(error);
  await rt?.close().catch(() => {});
  process.exit(1);
}
