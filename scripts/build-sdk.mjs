// `npm run build:sdk` (and `npm pack` in src/sdk, through its prepack): builds the package
// @yarrow/sdk to src/sdk/dist with the project's tsc, plus the GraphQL schema merchants generate
// their own typed operations from. Plain JavaScript, so it runs on any Node ≥ 20.
import { execFileSync } from 'node:child_process';
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'src/sdk/dist');
rmSync(dist, { recursive: true, force: true });
execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(root, 'src/sdk/tsconfig.json')], { stdio: 'inherit' });
copyFileSync(join(root, 'schema.graphql'), join(dist, 'schema.graphql'));
