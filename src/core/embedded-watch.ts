import { setTimeout as delay } from 'node:timers/promises';
import type { EmbeddedDatabase } from './embedded-postgres.ts';
import type { Logger } from './logger.ts';

/** How often `npm start` looks whether its PostgreSQL still runs. */
const CHECK_EVERY_MS = 500;
/** Waits between failed restarts: doubling from the first, up to the last. */
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

export interface SupervisedDatabase {
  /** Stops watching, lets a restart under way finish or fail, then stops the server (a dead one counts as stopped). */
  stop(): Promise<void>;
}

function firstLine(error: unknown): string {
  return String(error instanceof Error ? error.message : error).split('\n')[0]!.trim();
}

/**
 * Keeps `npm start`'s embedded PostgreSQL running, as it keeps its gateway and workers: when the
 * server dies (the OOM killer, a kill), one line says so and it is started again on the same data
 * and port (PostgreSQL recovers from its WAL), the gateway and workers reconnecting by themselves.
 * A restart that fails (the dead server's processes still hold its shared memory, the disk is full)
 * says why in one line and is tried again after 1 s, 2 s, 4 s … up to 30 s; the same reason again
 * is not repeated. The server's state is read from its lock file (`running`), twice a second.
 */
export function superviseEmbeddedPostgres(first: EmbeddedDatabase, restart: () => Promise<EmbeddedDatabase>, logger: Logger): SupervisedDatabase {
  let current = first;
  const stopping = new AbortController();
  let restarting: Promise<void> | undefined;

  const bringBack = async () => {
    logger.error('embedded PostgreSQL stopped unexpectedly: restarting it');
    let waitMs = FIRST_RETRY_MS;
    let lastReason: string | undefined;
    const diedAt = Date.now();
    while (!stopping.signal.aborted) {
      try {
        current = await restart();
        logger.info({ downMs: Date.now() - diedAt }, 'embedded PostgreSQL restarted');
        return;
      } catch (error) {
        const reason = firstLine(error);
        if (stopping.signal.aborted) return;
        if (reason !== lastReason) logger.error({ retryInMs: waitMs }, `embedded PostgreSQL could not be restarted: ${reason}`);
        lastReason = reason;
        await delay(waitMs, undefined, { signal: stopping.signal }).catch(() => undefined);
        waitMs = Math.min(waitMs * 2, LAST_RETRY_MS);
      }
    }
  };

  const watch = setInterval(() => {
    if (restarting || stopping.signal.aborted || current.running()) return;
    restarting = bringBack().finally(() => (restarting = undefined));
  }, CHECK_EVERY_MS);

  return {
    async stop() {
      stopping.abort();
      clearInterval(watch);
      await restarting;
      await current.stop();
    },
  };
}
