import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { modules } from '../../src/modules.ts';

const root = join(import.meta.dirname, '../..');
const config = createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs')) as { domain: string };

/** Files that break each rule of .dependency-cruiser.cjs once, and files that only look as if they did. */
const files: Record<string, string> = {
  // core/ names a domain, the module list (a type import counts) and the gateway (a lazy import counts).
  'src/core/a.ts': "import { x } from '../relay/thing.ts';\nexport const a = x;\n",
  'src/core/b.ts': "import type { M } from '../modules.ts';\nexport type B = M;\n",
  'src/core/c.ts': "export const load = () => import('../gateway.ts');\n",
  'src/core/fine.ts': "import { newId } from './ids.ts';\nexport const fine = newId;\n",
  'src/core/ids.ts': 'export const newId = 1;\n',
  'src/relay/thing.ts': 'export const x = 1;\n',
  'src/modules.ts': "import type { paymentsModule } from './payments/module.ts';\nexport type M = typeof paymentsModule;\n",
  // A domain imports the module list; the relay operator's CLI, a composition root, may.
  'src/accounts/scopes.ts': "import type { M } from '../modules.ts';\nexport type Scopes = M;\n",
  'src/relay/dashboard/operator.ts': "import type { M } from '../../modules.ts';\nexport type Operator = M;\n",
  // The gateway, the GraphQL schema and the workers name a domain.
  'src/gateway.ts': "import { x } from './relay/thing.ts';\nexport const g = x;\n",
  'src/graphql/schema.ts': "import type { P } from '../payments/types.ts';\nexport type S = P;\n",
  'src/payments/types.ts': 'export type P = 1;\n',
  'workers/main.ts': "import { x } from '../src/relay/thing.ts';\nexport const w = x;\n",
  // A cycle; and one where a type import stands beside a value import of the same file.
  'src/relay/one.ts': "import { two } from './two.ts';\nexport const one = () => two;\n",
  'src/relay/two.ts': "import { one } from './one.ts';\nexport const two = () => one;\n",
  'src/webhooks/m1.ts': "import type { M2 } from './m2.ts';\nimport { m2 } from './m2.ts';\nexport type M1 = M2;\nexport const m1 = () => m2;\n",
  'src/webhooks/m2.ts': "import { m1 } from './m1.ts';\nexport type M2 = 1;\nexport const m2 = () => m1;\n",
  // Not cycles: one edge is a lazy import(), or an `import type` (erased; biome's useImportType
  // turns an `import { type A }` that Node would still load into one).
  'src/payments/lazy-a.ts': "import { lazyB } from './lazy-b.ts';\nexport const lazyA = () => lazyB;\n",
  'src/payments/lazy-b.ts': "export const lazyB = () => import('./lazy-a.ts');\n",
  'src/payments/type-a.ts': "import { typeB } from './type-b.ts';\nexport type TypeA = 1;\nexport const typeA = typeB;\n",
  'src/payments/type-b.ts': "import type { TypeA } from './type-a.ts';\nexport const typeB: TypeA = 1;\n",
  // Walls, as main had them before issue 30: a domain reaches into another's inner files, by a static
  // import, an `import type` and a lazy `import()`; so does a file of src/ itself.
  'src/accounts/clock.ts': 'export const accountNow = 1;\n',
  'src/payments/card-sessions.ts': "import { accountNow } from '../accounts/clock.ts';\nexport const expiry = accountNow;\n",
  'src/system/service.ts': 'export type HealthReport = 1;\n',
  'src/relay/android-app/thirdparty-json.ts': "import type { HealthReport } from '../../system/service.ts';\nexport type Health = HealthReport;\n",
  'src/relay/android-app/webhook-format.ts': 'export const smsGatewayBody = 1;\n',
  'src/webhooks/formats.ts': "export const smsGatewayFormat = () => import('../relay/android-app/webhook-format.ts');\n",
  'src/sandbox.ts': "import { accountNow } from './accounts/clock.ts';\nexport const sandbox = accountNow;\n",
  // ... and through the front doors, which is fine: an index.ts (what a domain offers others) or a
  // contract.ts (ids, errors, topic payloads), from a domain or from src/; a domain's own inner files.
  'src/accounts/index.ts': "export { accountNow } from './clock.ts';\n",
  'src/payments/contract.ts': 'export const newId = 1;\n',
  'src/payments/invoices.ts': "import { accountNow } from '../accounts/index.ts';\nimport { newId } from './contract.ts';\nexport const due = [accountNow, newId];\n",
  'src/webhooks/events.ts': "import { newId } from '../payments/contract.ts';\nexport const events = newId;\n",
  'src/sandbox-key.ts': "import { accountNow } from './accounts/index.ts';\nexport const key = accountNow;\n",
  // A domain's manifest is the module list's alone (its files take newId from contract.ts), and its
  // GraphQL files take the GraphQL toolkit, not the gateway's schema.
  'src/payments/module.ts': "import { newId } from './contract.ts';\nexport const paymentsModule = () => import('./refunds.ts').then(() => newId);\n",
  'src/payments/refunds.ts': "import { paymentsModule } from './module.ts';\nexport const refunds = paymentsModule;\n",
  'src/accounts/graphql.ts': "import { builder } from '../graphql/builder.ts';\nimport type { S } from '../graphql/schema.ts';\nexport const g: S | typeof builder = builder;\n",
  'src/graphql/builder.ts': 'export const builder = 1;\n',
  'src/app.ts': "import { paymentsModule } from './payments/module.ts';\nexport const app = paymentsModule;\n",
  // A manifest that loads a file of its domain at once; a contract.ts that loads one (a type may be named).
  'src/system/module.ts': "import type { HealthReport } from './service.ts';\nimport { checkHealth } from './health.ts';\nexport const systemModule: HealthReport = checkHealth;\n",
  'src/system/health.ts': 'export const checkHealth = 1;\n',
  'src/accounts/contract.ts': "import type { Clock } from './json.ts';\nimport { clockTime } from './sql.ts';\nexport const time: Clock = clockTime;\n",
  'src/accounts/json.ts': 'export type Clock = 1;\n',
  'src/accounts/sql.ts': 'export const clockTime = 1;\n',
  // Inside a domain split in sub-modules, a sub-module reaches into another's inner files (by an
  // import, an `import type` and a lazy `import()`), and a file at the domain's top does.
  'src/payments/intents/capture.ts': "import { refundsOf } from '../refunds/sql.ts';\nexport const capture = refundsOf;\n",
  'src/payments/intents/json.ts': "import type { Refund } from '../refunds/types.ts';\nexport type IntentJson = Refund;\n",
  'src/payments/intents/lazy.ts': "export const openDispute = () => import('../disputes/open.ts');\n",
  'src/payments/rest.ts': "import { capture } from './intents/capture.ts';\nexport const routes = capture;\n",
  'src/payments/refunds/types.ts': 'export type Refund = 1;\n',
  'src/payments/disputes/open.ts': 'export const open = 1;\n',
  'src/relay/messages/drain.ts': "import { lanes } from '../devices/pacing.ts';\nexport const drain = lanes;\n",
  'src/relay/devices/pacing.ts': 'export const lanes = 1;\n',
  // ... and through their index.ts, which is fine; but two sub-modules that import each other both
  // ways through their front doors are tangled all the same (a type import counts, and a lazy one).
  'src/payments/intents/index.ts': "export { capture } from './capture.ts';\n",
  'src/payments/graphql.ts': "import { capture } from './intents/index.ts';\nexport const schema = capture;\n",
  'src/payments/refunds/sql.ts': "import { disputes } from '../disputes/index.ts';\nexport const refundsOf = disputes;\n",
  'src/payments/refunds/index.ts': "export { refundsOf } from './sql.ts';\n",
  'src/payments/disputes/index.ts': "export const disputes = () => import('../refunds/index.ts');\n",
  'src/payments/invoices/index.ts': "import { customers } from '../customers/index.ts';\nexport const invoices = customers;\n",
  'src/payments/customers/index.ts': "import type { Invoices } from '../invoices/types.ts';\nexport const customers: Invoices = 1;\n",
  'src/payments/invoices/types.ts': "import type { Saved } from '../customers/index.ts';\nexport type Invoices = Saved;\n",
};

describe('import rules (npm run cycles: dependency-cruiser with .dependency-cruiser.cjs)', () => {
  it('takes every module for a domain', () => {
    for (const module of modules) {
      expect(existsSync(join(root, 'src', module.name)), module.name).toBe(true);
      expect(`src/${module.name}/module.ts`).toMatch(new RegExp(config.domain));
    }
    expect('src/core/ids.ts').not.toMatch(new RegExp(config.domain));
  });

  it('fails on each broken rule and names the files, and only on those', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'yarrow-imports-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const failed = await promisify(execFile)(process.execPath, [join(root, 'scripts/check-imports.ts'), dir]).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    const found = [...failed!.stderr.matchAll(/error ([\w-]+): ([^\s]+) →\s+([^\s]+)/g)].map(([, rule, from, to]) => `${rule}: ${from} → ${to}`);
    expect(found.toSorted()).toEqual([
      'central-files-import-no-domain: src/gateway.ts → src/relay/thing.ts',
      'central-files-import-no-domain: src/graphql/schema.ts → src/payments/types.ts',
      'central-files-import-no-domain: workers/main.ts → src/relay/thing.ts',
      'core-imports-no-domain: src/core/a.ts → src/relay/thing.ts',
      'core-imports-no-domain: src/core/b.ts → src/modules.ts',
      'core-imports-no-domain: src/core/c.ts → src/gateway.ts',
      'domain-imports-no-module-list: src/accounts/scopes.ts → src/modules.ts',
      'no-cycle: src/relay/one.ts → src/relay/two.ts',
      'no-cycle: src/webhooks/m1.ts → src/webhooks/m2.ts',
      'domain-enters-another-by-its-front-door: src/payments/card-sessions.ts → src/accounts/clock.ts',
      'domain-enters-another-by-its-front-door: src/relay/android-app/thirdparty-json.ts → src/system/service.ts',
      'domain-enters-another-by-its-front-door: src/webhooks/formats.ts → src/relay/android-app/webhook-format.ts',
      'root-files-enter-domains-by-front-doors: src/sandbox.ts → src/accounts/clock.ts',
      'root-files-enter-domains-by-front-doors: src/app.ts → src/payments/module.ts',
      'only-the-module-list-imports-a-manifest: src/payments/refunds.ts → src/payments/module.ts',
      'only-the-module-list-imports-a-manifest: src/app.ts → src/payments/module.ts',
      'domain-uses-the-graphql-toolkit-only: src/accounts/graphql.ts → src/graphql/schema.ts',
      'manifest-loads-only-its-contract: src/system/module.ts → src/system/health.ts',
      'contract-is-a-leaf: src/accounts/contract.ts → src/accounts/sql.ts',
      'sub-module-enters-another-by-its-index: src/payments/intents/capture.ts → src/payments/refunds/sql.ts',
      'sub-module-enters-another-by-its-index: src/payments/intents/json.ts → src/payments/refunds/types.ts',
      'sub-module-enters-another-by-its-index: src/payments/intents/lazy.ts → src/payments/disputes/open.ts',
      'sub-module-enters-another-by-its-index: src/payments/customers/index.ts → src/payments/invoices/types.ts',
      'sub-module-enters-another-by-its-index: src/relay/messages/drain.ts → src/relay/devices/pacing.ts',
      'domain-top-enters-sub-modules-by-their-index: src/payments/rest.ts → src/payments/intents/capture.ts',
      'sub-modules-import-each-other: src/payments/disputes → src/payments/refunds',
      'sub-modules-import-each-other: src/payments/customers → src/payments/invoices',
    ].toSorted());
  });
});
