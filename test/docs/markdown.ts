import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const root = join(import.meta.dirname, '../..');

/** README.md and every page of docs/, as paths from the repository's root. */
export const documents = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** A fenced code block: its language, the words after it (the tag saying what runs it), its text. */
export interface Block {
  doc: string;
  /** 1-based line of the opening fence. */
  line: number;
  language: string;
  /** What follows the language on the fence line (`run`, `pay-quickstart`, `sdk-example=…`), or ''. */
  tag: string;
  /** The block's lines without the fence's indentation (a block inside a list item is indented). */
  text: string;
}

export function readDoc(doc: string): string {
  return readFileSync(join(root, doc), 'utf8');
}

export function blocksOf(doc: string): Block[] {
  const blocks: Block[] = [];
  const lines = readDoc(doc).split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(\S*)\s*(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !/^\s*```\s*$/.test(lines[j]!)) body.push(lines[j++]!.slice(indent));
    if (j === lines.length) throw new Error(`${doc}:${i + 1}: a code block that is never closed`);
    blocks.push({ doc, line: i + 1, language: open[2]!, tag: open[3]!.trim(), text: `${body.join('\n')}\n` });
    i = j;
  }
  return blocks;
}

/** The JSON documents a run of `curl -s` commands printed one after another (no separator). */
export function jsonDocuments(output: string): any[] {
  const documents: any[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < output.length; i++) {
    const char = output[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"' && depth > 0) inString = true;
    else if (char === '{') {
      if (depth++ === 0) start = i;
    } else if (char === '}' && depth > 0 && --depth === 0) documents.push(JSON.parse(output.slice(start, i + 1)));
  }
  return documents;
}

/** The last id of each kind (`pi_…`, `req_…`) a block printed, by prefix. */
export function idsIn(output: string, ids: Map<string, string>) {
  for (const [id, prefix] of output.matchAll(/\b([a-z]+)_[0-9a-z]{26}\b/g)) ids.set(prefix!, id);
}

/**
 * A block's text as it runs against a test gateway instead of a local `npm start`: the gateway's
 * address for `localhost:4000` (and a phone's `https://<your host>`), and each placeholder id
 * (`pi_…`) the last one of its kind an earlier block printed.
 */
export function localize(text: string, baseUrl: string, ids: Map<string, string>, extra: Record<string, string> = {}): string {
  let result = text.replaceAll('https://<your host>', baseUrl).replaceAll('http://localhost:4000', baseUrl).replaceAll('localhost:4000', new URL(baseUrl).host);
  for (const [from, to] of Object.entries(extra)) result = result.replaceAll(from, to);
  return result.replace(/\b([a-z]+)_…/g, (placeholder, prefix: string) => {
    const id = ids.get(prefix);
    if (!id) throw new Error(`${placeholder}: no earlier block printed an id of that kind`);
    return id;
  });
}

/** Runs a shell block with bash (`-e`: the first failing command fails it); answers its output. */
export async function runShell(script: string, env: Record<string, string>, timeout = 60_000): Promise<string> {
  const { stdout } = await promisify(execFile)('bash', ['-e', '-c', script], { cwd: root, env: { ...process.env, ...env }, timeout });
  return stdout;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
const slug = (heading: string) =>
  heading
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The anchors a page's headings (and `<a id>`s) give it, as GitHub makes them; `doc` from the repository's root. */
export function anchorsOf(doc: string): Set<string> {
  const anchors = new Set<string>();
  const text = readDoc(doc).replace(/^\s*```[\s\S]*?^\s*```$/gm, '');
  for (const [, heading] of text.matchAll(/^#{1,6} (.+)$/gm)) {
    let anchor = slug(heading!);
    for (let n = 1; anchors.has(anchor); n++) anchor = `${slug(heading!)}-${n}`;
    anchors.add(anchor);
  }
  for (const [, id] of text.matchAll(/<a id="([^"]+)"/g)) anchors.add(id!);
  return anchors;
}
