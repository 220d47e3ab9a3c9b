import type { DbClient } from './core/db.ts';
import { advisoryXactLock, coreLockNamespaces } from './core/locks.ts';
import type { Runtime } from './core/runtime.ts';
import { createAccount, getAccount } from './accounts/index.ts';
import type { Account } from './generated/prisma/client.ts';

export interface SandboxBootstrap {
  account: Account;
  /**
   * What the modules gave the account, for the start banner: on the start that created it, what is
   * shown once (its key, its panel login); on later starts, where to get them again.
   */
  notes: ReadonlyArray<readonly [label: string, value: string]>;
}

const SANDBOX_SETTING = 'sandbox_account_id';

/**
 * `npm start` in the sandbox on its own embedded database: a developer's machine, where a module may
 * allow what is for local testing only. Anywhere else (a shared DATABASE_URL, live) it may not.
 */
function onDevelopersMachine(config: Runtime['config']): boolean {
  return config.YARROW_ENV === 'sandbox' && !config.DATABASE_URL;
}

/**
 * Creates the sandbox account once per database, and lets every module seed it (its `sandbox`
 * contribution: a full-scope key, a panel login, …) in the same transaction.
 */
export async function bootstrapSandbox(rt: Pick<Runtime, 'config' | 'db' | 'modules'>): Promise<SandboxBootstrap> {
  return rt.db.prisma.$transaction(async (tx) => {
    await advisoryXactLock(tx, coreLockNamespaces.sandboxBootstrap);
    const setting = await tx.systemSetting.findUnique({ where: { key: SANDBOX_SETTING } });
    if (setting) {
      return { account: await getAccount(tx, Number(setting.value)), notes: rt.modules.list.flatMap((module) => module.sandbox?.later ?? []) };
    }
    const created = await createAccount(tx, { name: 'Sandbox merchant', environment: rt.config.YARROW_ENV });
    const seed = { tx, config: rt.config, modules: rt.modules, accountId: created.id, onDevelopersMachine: onDevelopersMachine(rt.config) };
    const notes = [];
    for (const module of rt.modules.list) if (module.sandbox) notes.push(...(await module.sandbox.seed(seed)));
    await tx.systemSetting.create({ data: { key: SANDBOX_SETTING, value: created.id } });
    // Re-read: a module's seed may have changed the account (what a developer's machine may do).
    return { account: await getAccount(tx, created.id), notes };
  }, { timeout: 15_000 });
}

export async function sandboxAccountId(db: DbClient): Promise<number | undefined> {
  const setting = await db.systemSetting.findUnique({ where: { key: SANDBOX_SETTING } });
  return setting ? Number(setting.value) : undefined;
}
