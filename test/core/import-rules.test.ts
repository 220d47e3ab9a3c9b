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
  'src/modules.ts': 'export type M = 1;\n',
  // A domain imports the module list; the relay operator's CLI, a composition root, may.
  'src/accounts/scopes.ts': "import type { M } from '../modules.ts';\nexport type Scopes = M;\n",
  'src/relay/operator.ts': "import type { M } from '../modules.ts';\nexport type Operator = M;\n",
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
    ]);
  });
});
