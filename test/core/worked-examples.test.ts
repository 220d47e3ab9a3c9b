import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openapiPath } from '../../src/core/openapi.ts';
import { modules } from '../../src/modules.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

// docs/CONTRIBUTING.md's worked examples say how many files adding a webhook event, a REST route
// or a panel page touches. Counted here from the code, so the guide and the code cannot drift:
// for every existing event, route and page, the source files that name it (its declaration, its
// rule, its lists). The fewest any one of them needs is what a new one needs: a list every item
// must join (a central table, a second registry) raises it for all, and fails this test until
// the guide says so. Source files: src/ without its generated code (src/generated, the panel's
// codegen output src/panel/gql); a domain's `yarrow trigger` recipes and panel operations are its own files, counted.

const root = join(import.meta.dirname, '../..');
const guide = readFileSync(join(root, 'docs/CONTRIBUTING.md'), 'utf8');

function sources(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = `${folder}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return ['src/generated', 'src/panel/gql'].includes(path) ? [] : sources(path);
    return /\.(ts|js)$/.test(name) ? [path] : [];
  });
}
// Comment lines left out: a doc comment's example (`createPaymentIntent`) is not a file the change touches.
const code = (text: string) => text.split('\n').filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line)).join('\n');
const files = sources('src').map((path) => ({ path, text: code(readFileSync(join(root, path), 'utf8')) }));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** The files that name any of `names` as a string literal. */
const naming = (...names: string[]) =>
  new Set(files.filter(({ text }) => names.some((name) => new RegExp(`['"\`]${escapeRegExp(name)}['"\`]`).test(text))).map(({ path }) => path));
const domains = modules.map((module) => module.name);
const central = (path: string) => !domains.some((domain) => path.startsWith(`src/${domain}/`));

/** The number of files the guide gives for a worked example (`**Add a panel page** (say …), 3 files`). */
function guideCount(example: string): number {
  const found = new RegExp(`\\*\\*${escapeRegExp(example)}\\*\\* \\(say [^)]*\\), (\\d+) files`).exec(guide);
  if (!found) throw new Error(`docs/CONTRIBUTING.md has no worked example "${example}" with its file count`);
  return Number(found[1]);
}

const fewest = (counts: number[]) => Math.min(...counts);

let app: TestApp;
beforeAll(async () => {
  // The routes as the gateway declares them (defineRoute describes each).
  app = await startTestApp();
});
afterAll(() => app?.stop());

describe("CONTRIBUTING's worked examples", () => {
  it('a webhook event touches the files the guide says, none of them central', () => {
    const events = modules.flatMap((module) => module.eventTypes ?? []);
    const touched = events.map((event) => naming(event));
    expect(fewest(touched.map((set) => set.size))).toBe(guideCount('Add a webhook event'));
    expect(touched.flatMap((set) => [...set].filter(central))).toEqual([]);
  });

  it('a REST route touches the files the guide says, none of them central', () => {
    const routes = app.routeDocs.filter((doc) => doc.operationId && doc.listed !== false && !doc.alias);
    expect(routes.length).toBeGreaterThan(0);
    // Its declaration names its operationId; its Postman step names `method path`.
    const touched = routes.map((doc) => naming(doc.operationId!, `${doc.method} ${openapiPath(doc.path)}`));
    expect(fewest(touched.map((set) => set.size))).toBe(guideCount('Add a REST route'));
    expect(touched.flatMap((set) => [...set].filter(central))).toEqual([]);
  });

  it('a panel page touches the files the guide says, none of them central', () => {
    const pages = modules.flatMap((module) => (module.panelPages ?? []).map((page) => ({ module: module.name, page })));
    const touched = pages.map(({ module, page }) => {
      const set = naming(`/panel/${page.path}`, ...(page.script ? [page.script] : []));
      // The file with its HTML (the `body` import, `./panel.ts`; vitest's own loader writes it from the root) and its script.
      const [, file] = /([\w-]+\.ts)['"]\)/.exec(page.body.toString()) ?? [];
      if (!file) throw new Error(`panel page ${page.path}: its body imports no file of the module`);
      set.add(`src/${module}/${file}`);
      if (page.script) set.add(`src/${module}/panel-assets/${page.script}`);
      return set;
    });
    expect(fewest(touched.map((set) => set.size))).toBe(guideCount('Add a panel page'));
    expect(touched.flatMap((set) => [...set].filter(central))).toEqual([]);
  });
});
