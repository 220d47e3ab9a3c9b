import { parse, type CsvError } from 'csv-parse';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { YarrowError } from '../../core/errors.ts';
import { recipientInput } from './recipient-input.ts';

// A recipient import's CSV, read and checked off the gateway's event loop (issue 32: a 50,000-row
// file of bad numbers held every tenant's requests 4.8 s; the number rules cost ~0.1 ms a row). A
// worker thread of the process (recipients-import-worker.ts) parses and checks the file and sends
// the rows back a thousand at a time, so the event loop takes them in short turns between other
// requests. The reading yields its thread every few milliseconds, so imports sent together share
// the thread rather than queue behind the largest.

/** The most rows one import may have: counted while the file is read, so a larger file stops there. */
export const MAX_IMPORT_ROWS = 50_000;
/** Bytes handed to the parser at a time: a slice parses in about a millisecond. */
const SLICE_BYTES = 16_384;
/** The longest the reading works before it lets its thread's event loop run. */
const WORK_SLICE_MS = 8;
/** Rows per message from the worker thread: each is taken in about a millisecond. */
const ROWS_PER_MESSAGE = 1000;
/**
 * The skipped lines an import's answer lists (the first, in line order); `skippedCount` counts them
 * all. A 50,000-line list of skips took the gateway's event loop 400–870 ms a response to build and
 * serialize on a loaded machine; the first hundred say what is wrong with a file as well.
 */
export const SKIPPED_LINES_LISTED = 100;

/** A row to import, as the file gives it and the API's rules made it, with its line and other columns. */
type ImportRow = { name: string; phone: string; tags: string[]; fields: Record<string, string>; line: number };

/** The most other columns (kept as the recipient's `fields`) and the longest value one may hold. */
export const MAX_FIELD_COLUMNS = 50;
export const MAX_FIELD_LENGTH = 1000;

interface ParsedImport {
  rows: ImportRow[];
  /** The first SKIPPED_LINES_LISTED skipped lines, in line order. */
  skipped: Array<{ line: number; reason: string }>;
  /** Every skipped line, listed or not. */
  skippedCount: number;
}

/** Byte slices: the parser decodes a field once it is whole, so a character split between two is kept. */
function* slicesOf(text: string) {
  const bytes = Buffer.from(text);
  for (let offset = 0; offset < bytes.length; offset += SLICE_BYTES) yield bytes.subarray(offset, offset + SLICE_BYTES);
}

const csvProblem = (message: string) => new YarrowError('invalid_request', `csv: ${message}`, { param: 'csv' });

type CsvRecord = { record: Record<string, string>; info: { lines: number } };

/**
 * An import's rows (each number once) and the lines skipped as bad or repeated, read on this
 * thread without holding its event loop: csv-parse's streaming parser is fed a slice of the text at
 * a time, the row cap is checked as records arrive (a file past it stops at row 50,001 instead of
 * being parsed whole first), then each record is checked with the API's rules, the work yielding
 * every few milliseconds. A number seen earlier in the file is skipped as a duplicate.
 */
export async function checkImportCsv(csv: string): Promise<ParsedImport> {
  const records = await readRecords(csv);
  const rows: ParsedImport['rows'] = [];
  const skipped: ParsedImport['skipped'] = [];
  let skippedCount = 0;
  const skip = (line: number, reason: () => string) => {
    skippedCount += 1;
    if (skipped.length < SKIPPED_LINES_LISTED) skipped.push({ line, reason: reason() });
  };
  if (records.length === 0) return { rows, skipped, skippedCount };
  const header = Object.keys(records[0]!.record);
  const phoneColumn = ['phone', 'number', 'phone_number', 'mobile'].find((column) => header.includes(column));
  if (!header.includes('name') || !phoneColumn) throw csvProblem('the header row needs a "name" and a "phone" column.');
  // Every other column is kept for list-send templates (`{{first_name}}`): the header's names, as read.
  const fieldColumns = header.filter((column) => column !== 'name' && column !== phoneColumn && column !== 'tags' && column !== '');
  if (fieldColumns.length > MAX_FIELD_COLUMNS) throw csvProblem(`at most ${MAX_FIELD_COLUMNS} columns besides name, phone and tags.`);
  const inFile = new Set<string>();
  const turn = turns();
  for (const { record, info } of records) {
    const parsed = recipientInput.safeParse({
      name: record.name ?? '',
      phone: record[phoneColumn] ?? '',
      tags: (record.tags ?? '').split(/[;|]/).map((value) => value.trim()).filter(Boolean),
    });
    const fields = fieldsOf(record, fieldColumns);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      skip(info.lines, () => `${issue.path.join('.') || 'row'}: ${issue.message}`);
    } else if (typeof fields === 'string') {
      const column: string = fields;
      skip(info.lines, () => `${column}: at most ${MAX_FIELD_LENGTH} characters`);
    } else if (inFile.has(parsed.data.phone)) {
      skip(info.lines, () => 'duplicate: this number is on an earlier line');
    } else {
      inFile.add(parsed.data.phone);
      rows.push({ ...parsed.data, fields, line: info.lines });
    }
    await turn();
  }
  return { rows, skipped, skippedCount };
}

/** A row's other columns with a value (an empty cell is no value), or the name of one too long. */
function fieldsOf(record: Record<string, string>, columns: string[]): Record<string, string> | string {
  const fields: Record<string, string> = {};
  for (const column of columns) {
    const value = record[column];
    if (!value) continue;
    if (value.length > MAX_FIELD_LENGTH) return column;
    fields[column] = value;
  }
  return fields;
}

/** The file's records, at most MAX_IMPORT_ROWS of them: one more and the reading stops with an error. */
async function readRecords(csv: string): Promise<CsvRecord[]> {
  const parser = parse({
    columns: (header: string[]) => header.map((column) => column.trim().toLowerCase().replace(/[\s-]+/g, '_')),
    skip_empty_lines: true,
    trim: true,
    bom: true,
    relax_column_count: true,
    info: true,
  });
  const records: CsvRecord[] = [];
  const turn = turns();
  try {
    for await (const record of Readable.from(slicesOf(csv)).pipe(parser) as AsyncIterable<CsvRecord>) {
      if (records.length === MAX_IMPORT_ROWS) throw csvProblem(`at most ${MAX_IMPORT_ROWS} rows per import.`);
      records.push(record);
      await turn();
    }
  } catch (error) {
    if (error instanceof YarrowError) throw error;
    throw csvProblem((error as CsvError).message);
  } finally {
    parser.destroy();
  }
  return records;
}

/**
 * A pause to call after each piece of work: it lets the event loop run (a macrotask: async iteration
 * alone runs on microtasks, which no request's I/O gets between) once WORK_SLICE_MS have passed.
 */
function turns() {
  let started = performance.now();
  return async () => {
    if (performance.now() - started < WORK_SLICE_MS) return;
    await nextTurn();
    started = performance.now();
  };
}

/** What the worker thread sends for an import: its rows and skipped lines in parts, then the end or the error. */
export type ImportMessage =
  | { id: number; rows: ImportRow[] }
  | { id: number; skipped: ParsedImport['skipped']; skippedCount: number }
  | { id: number; done: true }
  | { id: number; error: { message: string; param?: string } };

/**
 * An import's outcome in parts of ROWS_PER_MESSAGE (the worker thread's side of `readImport`): the
 * thread sends one, and the next once the event loop took it (`more`), so the parts reach the
 * event loop one task each, other requests between them (posted all at once, the 50 parts of a
 * 50,000-row file were taken in one task of a few hundred ms).
 */
export function* importParts(parsed: ParsedImport): Generator<{ rows: ImportRow[] } | { skipped: ParsedImport['skipped']; skippedCount: number }> {
  for (let start = 0; start < parsed.rows.length; start += ROWS_PER_MESSAGE) yield { rows: parsed.rows.slice(start, start + ROWS_PER_MESSAGE) };
  // The listed skips (at most SKIPPED_LINES_LISTED) and the count, in one part.
  yield { skipped: parsed.skipped, skippedCount: parsed.skippedCount };
}

/** What the gateway sends its import thread: a file to read, or "send the next part". */
export type ImportRequest = { id: number; csv: string } | { id: number; more: true };

type Pending = { parsed: ParsedImport; resolve: (parsed: Pending['parsed']) => void; reject: (error: Error) => void };

/** The process's import thread, started at the first import and kept (unref'd) while it lives. */
let importThread: { worker: Worker; pending: Map<number, Pending> } | undefined;
let nextImportId = 0;

function startImportThread() {
  const worker = new Worker(new URL('./recipients-import-worker.ts', import.meta.url));
  worker.unref();
  const thread = { worker, pending: new Map<number, Pending>() };
  worker.on('message', (message: ImportMessage) => {
    const waiting = thread.pending.get(message.id);
    if (!waiting) return;
    if ('rows' in message || 'skipped' in message) {
      if ('rows' in message) for (const row of message.rows) waiting.parsed.rows.push(row);
      else {
        waiting.parsed.skipped = message.skipped;
        waiting.parsed.skippedCount = message.skippedCount;
      }
      worker.postMessage({ id: message.id, more: true } satisfies ImportRequest);
    } else {
      thread.pending.delete(message.id);
      if ('done' in message) waiting.resolve(waiting.parsed);
      else waiting.reject(new YarrowError('invalid_request', message.error.message, message.error.param ? { param: message.error.param } : {}));
    }
  });
  // A thread that dies fails the imports it had; the next import starts another.
  const fail = (error: Error) => {
    if (importThread === thread) importThread = undefined;
    for (const waiting of thread.pending.values()) waiting.reject(error);
    thread.pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the recipient import thread exited (${code})`)));
  return thread;
}

/**
 * An import's rows (each number once, in file order) and skipped lines (the first listed, all
 * counted), read and checked by the
 * process's import thread. A file the API refuses (not CSV, no header, over the row cap) rejects
 * with its YarrowError.
 */
export function readImport(csv: string): Promise<ParsedImport> {
  importThread ??= startImportThread();
  const thread = importThread;
  const id = ++nextImportId;
  return new Promise((resolve, reject) => {
    thread.pending.set(id, { parsed: { rows: [], skipped: [], skippedCount: 0 }, resolve, reject });
    thread.worker.postMessage({ id, csv } satisfies ImportRequest);
  });
}
