import { parentPort } from 'node:worker_threads';
import { YarrowError } from '../../core/errors.ts';
import { checkImportCsv, importParts, type ImportMessage, type ImportRequest } from './recipients-import.ts';

// The gateway's recipient import thread (started by `readImport`, recipients-import.ts): reads and
// checks each CSV it is sent off the event loop that serves requests, and sends the outcome back
// in parts, each once the gateway took the one before. Imports it is sent together are read
// together (the reading yields between slices).

const port = parentPort!;
const post = (message: ImportMessage) => port.postMessage(message);
/** Per import, what to call when the gateway asks for its next part. */
const nextPartWanted = new Map<number, () => void>();

port.on('message', async (request: ImportRequest) => {
  const { id } = request;
  if ('more' in request) {
    nextPartWanted.get(id)?.();
    return;
  }
  try {
    for (const part of importParts(await checkImportCsv(request.csv))) {
      const taken = new Promise<void>((resolve) => nextPartWanted.set(id, resolve));
      post({ id, ...part });
      await taken;
    }
    post({ id, done: true });
  } catch (error) {
    const known = error instanceof YarrowError ? error : undefined;
    post({ id, error: { message: known?.message ?? `csv: ${(error as Error).message}`, param: known?.param ?? 'csv' } });
  } finally {
    nextPartWanted.delete(id);
  }
});
