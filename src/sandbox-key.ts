// `npm run sandbox-key`: a new full-scope key for the sandbox account, for when the first one is lost.
// It changes nothing on disk: without a running database or DATA_DIR it says so in one line.
import { createApiKey } from './accounts/index.ts';
import { sandboxAccountId } from './sandbox.ts';
import { modules } from './modules.ts';
import { moduleRegistry } from './core/module.ts';
import { ConfigError, loadConfig } from './core/config.ts';
import { connectDatabase } from './core/db.ts';
import { resolveDatabaseUrl, startupFailureMessage } from './core/process.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

try {
  // A secret made here would sign keys the server cannot check: use the server's or stop.
  const config = loadConfig(modules, process.env, { createSecret: false });
  if (config.YARROW_ENV === 'live') fail('Live has no sandbox account: make keys in the panel or with the createApiKey mutation.');
  const db = connectDatabase(resolveDatabaseUrl(config), { poolSize: 1 });
  try {
    const accountId = await sandboxAccountId(db.prisma);
    if (accountId === undefined) fail('No sandbox account yet: run "npm start" once.');
    const registry = moduleRegistry(modules);
    const { apiKey, secret } = await createApiKey({ config, modules: registry }, db.prisma, accountId, { label: 'Sandbox key (CLI)', scopes: [...registry.scopes] });
    console.log(`New key ${apiKey.id} for sandbox account #${accountId} (shown once):\n${secret}`);
  } finally {
    await db.close();
  }
} catch (error) {
  fail(error instanceof ConfigError ? error.message : `No key made: ${startupFailureMessage(error)}`);
}
