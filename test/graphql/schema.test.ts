import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { printedSchema } from '../../src/graphql/schema.ts';

const root = join(import.meta.dirname, '../..');

describe('schema.graphql', () => {
  it('is the schema the code builds (run `npm run schema:print` after changing GraphQL types)', () => {
    expect(readFileSync(join(root, 'schema.graphql'), 'utf8')).toBe(printedSchema());
  });
});

describe('codegen output (packages/sdk/generated/gql, src/panel/gql, test/gql)', () => {
  it('matches the operations and schema (run `npm run codegen` after changing either)', async () => {
    const { generate } = await import('@graphql-codegen/cli');
    const { default: config } = await import('../../codegen.ts');
    const previous = process.cwd();
    process.chdir(root);
    try {
      const outputs = await generate({ ...config, silent: true }, false);
      expect(outputs.length).toBeGreaterThan(0);
      for (const output of outputs) {
        expect(readFileSync(join(root, output.filename), 'utf8'), output.filename).toBe(output.content);
      }
    } finally {
      process.chdir(previous);
    }
  });
});
