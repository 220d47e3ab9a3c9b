// The import rules npm test checks (npm run cycles: scripts/check-imports.ts runs dependency-cruiser
// with these). test/core/import-rules.test.ts shows each rule failing on a file that breaks it.

/** A domain's folder: every folder of src/ but core/ and the central ones (generated code, GraphQL). */
const domain = '^src/(?!(core|generated|graphql)/)[^/]+/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'An import cycle among the files Node loads. Lazy `import()` edges are left out: each domain\'s module.ts loads its ' +
        'routes, GraphQL files and workers lazily on purpose, after every module finished loading. `import type` is erased ' +
        'and left out too (an `import { type A }` is not: Node keeps the statement and loads the file).',
      from: {},
      to: {
        circular: true,
        dependencyTypesNot: ['type-only', 'dynamic-import'],
        viaOnly: { dependencyTypesNot: ['type-only', 'dynamic-import'] },
      },
    },
    {
      name: 'core-imports-no-domain',
      severity: 'error',
      comment: 'core/ is what every domain builds on: it names no domain, not the module list and not the gateway.',
      from: { path: '^src/core/' },
      to: { path: [domain, '^src/(modules|gateway)\\.ts$'] },
    },
    {
      name: 'domain-imports-no-module-list',
      severity: 'error',
      comment:
        'A domain reads what every module declares from rt.modules: the list loads every domain, so a domain importing it ' +
        'closes a circle through all of them. Composition roots import it (main, serve, workers, scripts, tests) and hand ' +
        'it to openRuntime; relay/operator.ts is one (a CLI entry point that lives in its domain).',
      from: { path: domain, pathNot: '^src/relay/operator\\.ts$' },
      to: { path: '^src/modules\\.ts$' },
    },
    {
      name: 'central-files-import-no-domain',
      severity: 'error',
      comment: 'The GraphQL schema, the workers and the gateway reach the domains through the module list only.',
      from: { path: ['^src/graphql/', '^workers/', '^src/gateway\\.ts$'] },
      to: { path: domain },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Generated code and the SDK's build output.
    exclude: { path: ['^src/generated/', '^src/panel/gql/', '^packages/sdk/generated/gql/', '^packages/sdk/build/', '^test/gql/', 'node_modules'] },
    // Keep `import type` edges (marked type-only): the boundary rules count them, the cycle rule does not.
    tsPreCompilationDeps: true,
  },
  domain,
};
