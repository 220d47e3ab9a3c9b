import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.ts';

export type { Prisma } from '../generated/prisma/client.ts';
export type Db = PrismaClient;
/** A Prisma client or an interactive transaction: services accept either. */
export type DbClient = Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

export interface Database {
  prisma: PrismaClient;
  pool: pg.Pool;
  /**
   * A few connections of their own for rate-limit counters. Counters are bumped while a request's
   * transaction holds a `pool` connection: were they on `pool`, requests holding every connection
   * would each wait for one more, and none would finish.
   */
  counters: pg.Pool;
  url: string;
  close(): Promise<void>;
}

export function connectDatabase(url: string, options: { poolSize?: number; applicationName?: string } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    application_name: options.applicationName ?? 'yarrow',
    connectionTimeoutMillis: 5_000,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  const counters = new pg.Pool({
    connectionString: url,
    max: 4,
    application_name: `${options.applicationName ?? 'yarrow'}-counters`,
    connectionTimeoutMillis: 5_000,
  });
  counters.on('error', () => {});
  // Prisma waits 2 s for a pooled connection by default; a busy worker with more concurrent jobs
  // than connections would then fail work it could simply queue for. Wait longer, fail clearly.
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions: { maxWait: 10_000, timeout: 15_000 } });
  return {
    prisma,
    pool,
    counters,
    url,
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => {});
      await counters.end().catch(() => {});
    },
  };
}
