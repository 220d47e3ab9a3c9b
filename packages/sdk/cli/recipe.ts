// What a `yarrow trigger` recipe is. Each domain writes the recipes of its own events in
// src/<domain>/trigger.ts with these and api.ts; the SDK ships them as generated/trigger/ (copied by
// `npm run sdk:types`, test/sdk/trigger-recipes.test.ts), since the CLI cannot import the server.
import { CliError, type Connection } from './api.ts';

export interface TriggerOptions extends Connection {
  /** The phone number relay events send to (`--to`). */
  to?: string;
  print: (line: string) => void;
}

/** Makes one event happen for real, through the API and hosted pages, and says what it did. */
export type Recipe = (options: TriggerOptions) => Promise<void>;

/** An event the CLI cannot make happen alone (a paired phone, a day passing): `reason` says what to do instead. */
export function cannot(reason: string): Recipe {
  return async () => {
    throw new CliError(reason);
  };
}
