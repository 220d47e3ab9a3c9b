import { pino, type Logger } from 'pino';

export type { Logger };

/** pino's level numbers: warnings and errors are the lines an operator is paged by. */
const WARN = 40;

/**
 * The process's logger. `absorbs` (a process's `DatabaseOutage`) is asked about every warning or
 * error that carries an `err`: one it absorbs (the database is away, and the outage has said so in
 * its own line) is written at debug level instead, so an outage is one line, not one per poll.
 */
export function createLogger(level: string, name: string, options: { absorbs?: (error: unknown) => boolean } = {}): Logger {
  const { absorbs } = options;
  return pino({
    level,
    base: { service: 'yarrow', process: name, pid: process.pid },
    redact: { paths: ['req.headers.authorization', 'authorization', '*.secret'], remove: true },
    ...(absorbs && {
      hooks: {
        logMethod(args, method, levelNumber) {
          const fields = args[0] as { err?: unknown } | undefined;
          if (levelNumber >= WARN && typeof fields === 'object' && fields !== null && 'err' in fields && absorbs(fields.err)) {
            this.debug(...(args as [object, string]));
            return;
          }
          method.apply(this, args);
        },
      },
    }),
  });
}
