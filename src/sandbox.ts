import { randomToken } from './core/crypto.ts';
import { scopes } from './modules.ts';
import type { DbClient } from './core/db.ts';
import { advisoryXactLock } from './core/locks.ts';
import type { Runtime } from './core/runtime.ts';
import { createAccount, createApiKey, getAccount } from './accounts/service.ts';
import { createPanelUser } from './panel/users.ts';
import type { Account } from './generated/prisma/client.ts';

export const SANDBOX_PANEL_EMAIL = 'sandbox@yarrow.test';

export interface SandboxBootstrap {
  account: Account;
  /** Present only on the start that created the account: the full-scope key and panel login. */
  secret?: string;
  panelPassword?: string;
}

const SANDBOX_SETTING = 'sandbox_account_id';

/**
 * `npm start` in the sandbox on its own embedded database: a developer's machine, where webhooks to
 * a receiver on localhost are the point. Anywhere else (a shared DATABASE_URL, live) they are not.
 */
function onDevelopersMachine(config: Runtime['config']): boolean {
  return config.YARROW_ENV === 'sandbox' && !config.DATABASE_URL;
}

/**
 * Creates the sandbox account, its full-scope key and its panel login once per database. On a
 * developer's machine that account (and no other) may send webhooks to private addresses.
 */
export async function bootstrapSandbox(rt: Pick<Runtime, 'config' | 'db'>): Promise<SandboxBootstrap> {
  return rt.db.prisma.$transaction(async (tx) => {
    await advisoryXactLock(tx, 'sandboxBootstrap');
    const setting = await tx.systemSetting.findUnique({ where: { key: SANDBOX_SETTING } });
    if (setting) return { account: await getAccount(tx, Number(setting.value)) };
    let account = await createAccount(tx, { name: 'Sandbox merchant', environment: rt.config.YARROW_ENV });
    if (onDevelopersMachine(rt.config)) {
      account = await tx.account.update({ where: { id: account.id }, data: { allowPrivateWebhookUrls: true } });
    }
    const { secret } = await createApiKey(rt, tx, account.id, { label: 'Sandbox bootstrap key', scopes: [...scopes] });
    const panelPassword = randomToken(12);
    await createPanelUser(tx, account.id, SANDBOX_PANEL_EMAIL, panelPassword);
    await tx.systemSetting.create({ data: { key: SANDBOX_SETTING, value: account.id } });
    return { account, secret, panelPassword };
  }, { timeout: 15_000 });
}

export async function sandboxAccountId(db: DbClient): Promise<number | undefined> {
  const setting = await db.systemSetting.findUnique({ where: { key: SANDBOX_SETTING } });
  return setting ? Number(setting.value) : undefined;
}
