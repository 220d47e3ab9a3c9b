// Comments and pages point into the documentation by anchor (`docs/performance.md#accept-path`):
// each must name a heading of the page it names. docs/performance.md was a notebook of rounds
// until issue 37, and two dozen comments pointed at "change 16" or "round 4" of it; a page rewritten
// or a section renamed must not leave pointers to nothing. The markdown links of README.md and
// docs/ are checked the same way by snippets.test.ts; this covers everything else that names a page.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, root } from './markdown.ts';

/** Where pointers live: the code, the bench, the tests, the schema, the pages. */
const scannedFolders = ['src', 'workers', 'bench', 'test', 'prisma', 'docs', 'packages'];
const skipped = new Set(['node_modules', 'generated', 'profiles', 'build']);

function filesUnder(folder: string): string[] {
  const path = join(root, folder);
  if (!existsSync(path)) return [];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name)) return [];
    const child = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return filesUnder(child);
    return /\.(ts|tsx|js|mjs|sql|prisma|md)$/.test(entry.name) ? [child] : [];
  });
}

const files = ['README.md', ...scannedFolders.flatMap(filesUnder)];
// Not this file: its own examples are not pointers.
const self = relative(root, import.meta.filename);
const texts = files.filter((file) => file !== self).map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));

/** `docs/<page>.md#<anchor>`, `bench/<page>.md#<anchor>` or `README.md#<anchor>`, from the repository's root. */
const pointer = /\b((?:docs|bench)\/[\w.-]+\.md|README\.md)#([\p{L}\p{N}_-]+)/gu;

/** The pages of the bench's figures and its history: a pointer into them names its section. */
const sectionedPages = /\b(?:performance|HISTORY)\.md(?!#)/g;

/**
 * Applied migrations are not edited: src/core/migrate.ts refuses one whose checksum changed, so
 * their comments keep the pointers they were written with.
 */
const immutable = (file: string) => file.startsWith('prisma/migrations/');

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

describe('pointers into the documentation', () => {
  it('name a page that exists and a heading it has', () => {
    const anchors = new Map<string, Set<string> | undefined>();
    const anchorsOfPage = (page: string) => {
      if (!anchors.has(page)) anchors.set(page, existsSync(join(root, page)) ? anchorsOf(page) : undefined);
      return anchors.get(page);
    };
    const broken: string[] = [];
    let count = 0;
    for (const { file, text } of texts) {
      for (const match of text.matchAll(pointer)) {
        count++;
        const [whole, page, anchor] = match as unknown as [string, string, string];
        const known = anchorsOfPage(page);
        if (!known) broken.push(`${file}:${lineOf(text, match.index)}: ${whole} (no such page)`);
        else if (!known.has(anchor)) broken.push(`${file}:${lineOf(text, match.index)}: ${whole} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
    // The code's comments point into docs/performance.md this way (issue 37): the scan found them.
    expect(count).toBeGreaterThan(20);
  });

  it('into docs/performance.md or bench/HISTORY.md, from code, name a section', () => {
    const vague: string[] = [];
    for (const { file, text } of texts) {
      // Pages link to a page as a whole (README's table of pages); the tests of the pages name them as files.
      if (file.endsWith('.md') || file.startsWith('test/docs/') || immutable(file)) continue;
      for (const match of text.matchAll(sectionedPages)) {
        const line = text.split('\n')[lineOf(text, match.index) - 1]!.trim();
        vague.push(`${file}:${lineOf(text, match.index)}: ${line}`);
      }
    }
    expect(vague).toEqual([]);
  });
});
