// npm run cycles (and npm test): dependency-cruiser checks the import rules of .dependency-cruiser.cjs
// (no import cycle, the layers' boundaries) in src, packages, workers, scripts, bench and test; or in the
// folder given as argument (test/core/import-rules.test.ts runs it on files that break the rules).
import { createRequire, registerHooks } from 'node:module';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
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
const { cruise } = await import('dependency-cruiser');
const root = resolve(import.meta.dirname, '..');
const config = createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs'));

const baseDir = resolve(process.argv[2] ?? root);
const folders = ['src', 'packages', 'workers', 'scripts', 'bench', 'test'].filter((folder) => existsSync(join(baseDir, folder)));
// The project's results are cached by file content (a run with nothing changed takes a second, not
// seven); another folder's are not.
const cache = baseDir === root && { folder: join(root, 'node_modules/.cache/dependency-cruiser'), strategy: 'content' as const };
const result = await cruise(folders, { ...config.options, ruleSet: { forbidden: config.forbidden }, validate: true, baseDir, outputType: 'err', cache });
if (result.exitCode !== 0) {
  console.error(result.output);
  process.exit(1);
}
