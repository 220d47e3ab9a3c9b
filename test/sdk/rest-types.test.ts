import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateRestTypes, restTypesFile } from '../../scripts/sdk-types.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.stop());

describe('src/sdk/rest-types.ts', () => {
  it('is what openapi-typescript makes of the served OpenAPI document (run `npm run sdk:types` against `npm start` after changing a route)', async () => {
    expect(readFileSync(restTypesFile, 'utf8')).toBe(await generateRestTypes(`${app.baseUrl}/api/openapi.json`));
  });
});
