// npm run cycles (and npm test): dependency-cruiser checks the import rules of .dependency-cruiser.cjs
// (no import cycle, the layers' boundaries) in src, packages, workers, scripts, bench and test, and no
// two sub-modules of a domain import each other both ways (below); or in the folder given as argument
// (test/core/import-rules.test.ts runs it on files that break the rules).
import { createRequire, registerHooks } from 'node:module';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ICruiseResult, IFormatOptions } from 'dependency-cruiser';
import { pathToFileURL } from 'node:url';

// dependency-cruiser reads TypeScript with the TypeScript 5 compiler API, which the project's
// TypeScript 7 does not have: it gets scripts/openapi-types' TypeScript 5 (that workspace exists for
// the same API).
const typescript5 = createRequire(join(import.meta.dirname, 'openapi-types/package.json'));
// Without it dependency-cruiser skips every .ts file without a word and finds nothing wrong.
const { version: typescriptVersion } = typescript5('typescript/package.json') as { version: string };
if (!typescriptVersion.startsWith('5.')) {
  console.error(`dependency-cruiser needs TypeScript 5 (scripts/openapi-types' own), found ${typescriptVersion}: run npm install`);
  process.exit(1);
}
const typescript5Urls = new Map(['typescript', 'typescript/package.json'].map((name) => [name, pathToFileURL(typescript5.resolve(name)).href]));
registerHooks({
  resolve: (specifier, context, nextResolve) => {
    const url = typescript5Urls.get(specifier);
    return url ? { url, shortCircuit: true } : nextResolve(specifier, context);
  },
});
const { cruise, format } = await import('dependency-cruiser');
const root = resolve(import.meta.dirname, '..');
const config = createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs'));

const baseDir = resolve(process.argv[2] ?? root);
const folders = ['src', 'packages', 'workers', 'scripts', 'bench', 'test'].filter((folder) => existsSync(join(baseDir, folder)));
// The project's results are cached by file content (a run with nothing changed takes a second, not
// seven); another folder's are not.
const cache = baseDir === root && { folder: join(root, 'node_modules/.cache/dependency-cruiser'), strategy: 'content' as const };
const result = await cruise(folders, { ...config.options, ruleSet: { forbidden: config.forbidden }, validate: true, baseDir, cache });
const cruised = result.output as ICruiseResult;
const twoWays = subModulesImportingEachOther(cruised.modules);
if (cruised.summary.error > 0 || twoWays.length > 0) {
  // format() counts the violations again, with the rules it is given (else a cycle is two violations).
  if (cruised.summary.error > 0) console.error((await format(cruised, { outputType: 'err', ruleSet: cruised.summary.ruleSetUsed } as IFormatOptions)).output);
  if (twoWays.length > 0) console.error(`${twoWays.join('\n')}\n\n${twoWays.length} pairs of sub-modules import each other both ways`);
  process.exit(1);
}

/**
 * Two sub-modules of one domain (relay/messages/ and relay/devices/, say) that import each other
 * both ways, directly or through their index.ts, lazy `import()` and `import type` included. Ours,
 * not a rule of .dependency-cruiser.cjs: dependency-cruiser's rules see one file's import, and its
 * folder cycles count every folder (each parent, each nested one) instead of a domain's sub-modules.
 */
function subModulesImportingEachOther(modules: ICruiseResult['modules']): string[] {
  const subModuleOf = new RegExp(`^(src/(?:${(config.subModularDomains as string[]).join('|')})/[^/]+)/`);
  /** `from → to` of sub-modules, each with one file's import that makes it. */
  const imports = new Map<string, string>();
  for (const module of modules) {
    const from = subModuleOf.exec(module.source)?.[1];
    if (!from) continue;
    for (const { resolved } of module.dependencies) {
      const to = subModuleOf.exec(resolved)?.[1];
      if (to && to !== from && dirname(to) === dirname(from)) imports.set(`${from} → ${to}`, imports.get(`${from} → ${to}`) ?? `${module.source} → ${resolved}`);
    }
  }
  return [...imports]
    .map(([edge, example]) => [edge.split(' → '), example] as const)
    .filter(([[from, to]]) => from! < to! && imports.has(`${to} → ${from}`))
    .map(([[from, to], example]) => `  error sub-modules-import-each-other: ${from} → ${to}\n    (${example}; back: ${imports.get(`${to} → ${from}`)})`);
}
