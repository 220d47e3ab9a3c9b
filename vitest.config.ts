import { createRequire } from 'node:module';
import { configDefaults, defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);
const CRASH_TEST = 'test/faults/crash-during-list-send.test.ts';
// Times a victim's latency against limits: in a process of its own, not one whose heap other files
// filled (CI measured its p99 at 326 and 418 ms in a shared fork, 57-148 ms in its own).
const TIMED_TESTS = ['test/faults/hostile-clients.test.ts'];

export default defineConfig({
  resolve: {
    // graphql 16 has no "exports": Node loads its CommonJS build for every library, while Vite
    // would pick the ESM build for our files. Two copies break `instanceof` checks, so our files
    // get the same copy as the libraries.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    globalSetup: ['test/helpers/global-setup.ts'],
    pool: 'forks',
    // Two cores: two test files at a time, each with its own database cloned from a template.
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    projects: [
      // isolate: false: a fork runs file after file with the modules it has loaded (the app, Prisma,
      // GraphQL, Playwright) instead of a new process loading them for each file, about 3 s of CPU a
      // file. Each file still gets a database of its own; it must leave nothing process-wide behind
      // (docs/CONTRIBUTING.md, "Tests").
      { extends: true, test: { name: 'suite', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, CRASH_TEST, ...TIMED_TESTS], isolate: false } },
      { extends: true, test: { name: 'timed', include: TIMED_TESTS } },
      // The crash test keeps two cores busy for a minute or more: it runs on its own once the rest
      // is done, so it neither starves the other files' timeouts nor is starved by them.
      { extends: true, test: { name: 'crash', include: [CRASH_TEST], sequence: { groupOrder: 1 } } },
    ],
  },
});
