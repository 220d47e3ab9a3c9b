import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string, name: string): Logger {
  return pino({
    level,
    base: { service: 'yarrow', process: name, pid: process.pid },
    redact: { paths: ['req.headers.authorization', 'authorization', '*.secret'], remove: true },
  });
}
