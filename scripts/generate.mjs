// Runs `prisma generate` offline. Generation never executes the schema engine, but the CLI wants
// a path to one; any existing file will do (see README, "Why not the Prisma CLI for migrations").
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);
const result = spawnSync('prisma', ['generate'], {
  stdio: 'inherit',
  shell: process.platform === 'win32',
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? here, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
});
process.exit(result.status ?? 1);
