// What a `yarrow trigger` recipe is. Each domain writes the recipes of its own events in
// src/<domain>/trigger.ts with these and api.ts; the SDK ships them as generated/trigger/ (copied by
// `npm run sdk:types`, test/sdk/trigger-recipes.test.ts), since the CLI cannot import the server.
import { CliError, type Connection } from './api.ts';

export interface TriggerOptions extends Connection {
  /** The phone number relay events send to (`--to`). */
  to?: string;
  print: (line: string) => void;
  /** `--override object:field=value`: fields of the objects a recipe creates (`price:unit_amount=2500`), by object. */
  overrides?: Record<string, Record<string, unknown>>;
}

/** A recipe's body for `object`, with the `--override`s given for it (they win). */
export function withOverrides(options: TriggerOptions, object: string, body: Record<string, unknown>): Record<string, unknown> {
  return { ...body, ...(options.overrides?.[object] ?? {}) };
}

/**
 * Parses `--override object:field=value` (repeatable): the value is read as JSON when it is JSON
 * (`2500`, `true`, `{"plan":"pro"}`), else as text.
 */
export function parseOverrides(values: readonly string[]): Record<string, Record<string, unknown>> {
  const overrides: Record<string, Record<string, unknown>> = {};
  for (const value of values) {
    const match = /^([a-z_]+):([a-z_]+)=(.*)$/s.exec(value);
    if (!match) throw new CliError(`--override ${value}: write it as object:field=value, e.g. price:unit_amount=2500.`);
    const [, object, field, text] = match as unknown as [string, string, string, string];
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    overrides[object] = { ...overrides[object], [field]: parsed };
  }
  return overrides;
}

/** Makes one event happen for real, through the API and hosted pages, and says what it did. */
export type Recipe = (options: TriggerOptions) => Promise<void>;

/** An event the CLI cannot make happen alone (a paired phone, a day passing): `reason` says what to do instead. */
export function cannot(reason: string): Recipe {
  return async () => {
    throw new CliError(reason);
  };
}
