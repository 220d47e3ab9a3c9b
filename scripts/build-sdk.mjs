// `npm run build:sdk`: builds the package @yarrow/sdk as it is published, in packages/sdk/build/
// (`npm pack` / `npm publish` there): dist/ from the project's tsc, the GraphQL schema merchants
// generate their own typed operations from, and package.json with its publishConfig applied (in the
// repository the package's exports are its .ts sources; published, they are dist's JavaScript).
// Plain JavaScript, so it runs on any Node ≥ 20.
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const sdk = join(root, 'packages/sdk');
const build = join(sdk, 'build');
rmSync(build, { recursive: true, force: true });
execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(sdk, 'tsconfig.json')], { stdio: 'inherit' });
copyFileSync(join(root, 'schema.graphql'), join(build, 'dist/schema.graphql'));
const { private: _private, '//': _comment, publishConfig, ...manifest } = JSON.parse(readFileSync(join(sdk, 'package.json'), 'utf8'));
writeFileSync(join(build, 'package.json'), `${JSON.stringify({ ...manifest, ...publishConfig }, null, 2)}\n`);
