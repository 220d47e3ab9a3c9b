import { parentPort } from 'node:worker_threads';
import { YarrowError } from '../core/errors.ts';
import { checkImportCsv, postImport, type ImportMessage } from './recipients-import.ts';

// The gateway's recipient import thread (started by `readImport`, recipients-import.ts): reads and
// checks each CSV it is sent off the event loop that serves requests, and sends the outcome back
// in parts. Imports it is sent together are read together (the reading yields between slices).

const port = parentPort!;
const post = (message: ImportMessage) => port.postMessage(message);

port.on('message', async ({ id, csv }: { id: number; csv: string }) => {
  try {
    postImport(post, id, await checkImportCsv(csv));
  } catch (error) {
    const known = error instanceof YarrowError ? error : undefined;
    post({ id, error: { message: known?.message ?? `csv: ${(error as Error).message}`, ...(known?.param ? { param: known.param } : { param: 'csv' }) } });
  }
});
