// `npm run sandbox-key`: a new full-scope key for the sandbox account, for when the first one is lost.
import { createApiKey } from './accounts/service.ts';
import { sandboxAccountId } from './sandbox.ts';
import { scopes } from './core/auth.ts';
import { loadConfig } from './core/config.ts';
import { connectDatabase } from './core/db.ts';
import { resolveDatabaseUrl } from './core/process.ts';

const config = loadConfig();
const db = connectDatabase(resolveDatabaseUrl(config), { poolSize: 1 });
const accountId = await sandboxAccountId(db.prisma);
if (accountId === undefined) {
  console.error('No sandbox account yet: run "npm start" once.');
  process.exit(1);
}
const { apiKey, secret } = await createApiKey({ config }, db.prisma, accountId, { label: 'Sandbox key (CLI)', scopes: [...scopes] });
console.log(`New key ${apiKey.id} for sandbox account #${accountId} (shown once):\n${secret}`);
await db.close();
