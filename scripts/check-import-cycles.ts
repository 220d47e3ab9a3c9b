// npm run cycles (and npm test): fails on an import cycle among our files that Node follows when it
// loads them. Biome's noImportCycles also counts lazy `import()` edges, and each domain's module.ts
// loads its routes, GraphQL files and workers lazily on purpose (a module file imports only zod and
// core/, so any file may import src/modules.ts): those edges run after every module finished
// loading, so they are left out here. `import type` / `export type` are erased and left out too; an
// `import { type A }` is not (Node keeps the statement, and loads the file).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const folders = ['src', 'packages', 'workers', 'scripts', 'bench', 'test'];
const skipped = ['src/generated', 'src/panel/gql', 'packages/sdk/generated/gql', 'packages/sdk/build', 'test/gql'];

/**
 * Cycles known and not yet broken, each as the files it runs through. A listed cycle that no longer
 * exists fails the check too, so the list only shrinks.
 */
const knownCycles: string[][] = [];

function sourceFiles(folder: string): string[] {
  const path = join(root, folder);
  if (skipped.includes(folder)) return [];
  return readdirSync(path).flatMap((name) => {
    const child = `${folder}/${name}`;
    if (statSync(join(root, child)).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(child);
    return /\.(ts|js|mjs)$/.test(name) ? [child] : [];
  });
}

const STATIC_IMPORT = /^[ \t]*(?:import|export)[ \t]+(type[ \t]+)?(?:[\w*{}\s,$]*?[ \t\n]from[ \t]+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The files a file loads when it is loaded (relative imports and re-exports, not type-only). */
function loadedBy(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const loaded: string[] = [];
  for (const [, typeOnly, specifier] of text.matchAll(STATIC_IMPORT)) {
    if (typeOnly || !specifier) continue;
    loaded.push(relative(root, resolve(root, dirname(file), specifier)));
  }
  return loaded;
}

const files = folders.flatMap(sourceFiles);
const graph = new Map(files.map((file) => [file, loadedBy(file)]));

// Tarjan's strongly connected components: every group of files that reach each other is a cycle.
const index = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const components: string[][] = [];
let counter = 0;
function visit(file: string) {
  index.set(file, counter);
  low.set(file, counter);
  counter++;
  stack.push(file);
  onStack.add(file);
  for (const target of graph.get(file) ?? []) {
    if (!graph.has(target)) continue;
    if (!index.has(target)) {
      visit(target);
      low.set(file, Math.min(low.get(file)!, low.get(target)!));
    } else if (onStack.has(target)) {
      low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
  }
  if (low.get(file) === index.get(file)) {
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) components.push(component.sort());
  }
}
for (const file of files) if (!index.has(file)) visit(file);

/** One path round the cycle through `start`, for the message. */
function cyclePath(component: string[]): string {
  const members = new Set(component);
  const start = component[0]!;
  const seen = new Set<string>();
  const walk = (file: string, path: string[]): string[] | undefined => {
    for (const target of graph.get(file) ?? []) {
      if (target === start) return [...path, target];
      if (members.has(target) && !seen.has(target)) {
        seen.add(target);
        const found = walk(target, [...path, target]);
        if (found) return found;
      }
    }
    return undefined;
  };
  return (walk(start, [start]) ?? component).join(' → ');
}

const sameFiles = (a: string[], b: string[]) => a.length === b.length && a.every((file) => b.includes(file));
const problems: string[] = [];
for (const component of components) {
  if (!knownCycles.some((known) => sameFiles(known, component))) problems.push(`import cycle: ${cyclePath(component)}`);
}
for (const known of knownCycles) {
  if (!components.some((component) => sameFiles(known, component))) {
    problems.push(`knownCycles in scripts/check-import-cycles.ts lists ${known.join(', ')}, which no longer form a cycle: remove it`);
  }
}
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
