// The import rules npm test checks (npm run cycles: scripts/check-imports.ts runs dependency-cruiser
// with these). test/core/import-rules.test.ts shows each rule failing on a file that breaks it.

/** A domain's folder: every folder of src/ but core/ and the central ones (generated code, GraphQL). */
const domain = '^src/(?!(core|generated|graphql)/)[^/]+/';
/** The same, the domain's name captured (`$1` in a rule's `to`). */
const namedDomain = '^src/((?!(?:core|generated|graphql)/)[^/]+)/';
/**
 * A domain's front doors, the only files another domain imports: `index.ts` (what it offers others)
 * and `contract.ts` (a leaf: its ids, error codes, lock numbers, topic payload types).
 */
const frontDoor = '^src/[^/]+/(index|contract)\\.ts$';
/** A domain's manifest (`defineModule`), which only the module list imports. */
const manifest = '^src/(?!core/)[^/]+/module\\.ts$';
/**
 * The domains split in sub-modules: each folder of theirs is one, entered through its own index.ts,
 * as a domain is (scripts/check-imports.ts also refuses two sub-modules importing each other both ways).
 */
const subModularDomains = ['relay', 'payments'];
/** A file of a sub-module: `$1` the domain, `$2` the sub-module (the first folder below the domain). */
const subModuleFile = `^src/(${subModularDomains.join('|')})/([^/]+)/`;

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
        'it to openRuntime; relay/dashboard/operator.ts is one (a CLI entry point that lives in its domain).',
      from: { path: domain, pathNot: '^src/relay/dashboard/operator\\.ts$' },
      to: { path: '^src/modules\\.ts$' },
    },
    {
      name: 'domain-enters-another-by-its-front-door',
      severity: 'error',
      comment:
        'A domain enters another only through its index.ts (what it offers others) or its contract.ts (ids, error codes, ' +
        'lock numbers, topic payloads): the files behind them are its own to split, move and rename. Lazy `import()` and ' +
        '`import type` count: a wall is about who knows which file, not about load order.',
      from: { path: namedDomain },
      to: { path: domain, pathNot: ['^src/$1/', frontDoor] },
    },
    {
      name: 'sub-module-enters-another-by-its-index',
      severity: 'error',
      comment:
        "Inside a domain split in sub-modules (relay/, payments/), a sub-module enters another only through that one's " +
        'index.ts, as domains enter each other: the files behind it are its own to split, move and rename. Lazy `import()` ' +
        'and `import type` count.',
      from: { path: subModuleFile },
      to: { path: '^src/$1/[^/]+/', pathNot: ['^src/$1/$2/', '^src/$1/[^/]+/index\\.ts$'] },
    },
    {
      name: 'domain-top-enters-sub-modules-by-their-index',
      severity: 'error',
      comment:
        "The files at the top of a domain split in sub-modules (its manifest's lazy loads, its routes, GraphQL, Postman) " +
        "enter a sub-module as its neighbours do: through the sub-module's index.ts, lazy `import()` and `import type` included.",
      from: { path: `^src/(${subModularDomains.join('|')})/[^/]+$` },
      to: { path: '^src/$1/[^/]+/', pathNot: '^src/$1/[^/]+/index\\.ts$' },
    },
    {
      name: 'root-files-enter-domains-by-front-doors',
      severity: 'error',
      comment:
        "src/'s own files (the sandbox bootstrap, the CLIs) enter a domain as another domain does: through its index.ts or " +
        'contract.ts. The module list imports the manifests (module.ts); the gateway imports no domain at all (below).',
      from: { path: '^src/[^/]+\\.ts$', pathNot: ['^src/modules\\.ts$', '^src/gateway\\.ts$'] },
      to: { path: domain, pathNot: frontDoor },
    },
    {
      name: 'only-the-module-list-imports-a-manifest',
      severity: 'error',
      comment:
        "A domain's module.ts is its manifest: it loads the domain's routes, GraphQL files and workers lazily, so a file of " +
        'the domain that imported it back would close a circle through the whole domain. What its files share with no ' +
        'runtime at hand (newId, error codes, lock numbers, topic payloads) lives in its contract.ts.',
      from: { path: '^src/', pathNot: '^src/modules\\.ts$' },
      to: { path: manifest },
    },
    {
      name: 'manifest-loads-only-its-contract',
      severity: 'error',
      comment:
        "A module.ts loads, as it is imported, nothing of its domain but its contract.ts (and core/): every process loads " +
        'every manifest first, and the rest of the domain when it is used (`() => import(…)`).',
      from: { path: '^src/((?!(?:core|generated|graphql)/)[^/]+)/module\\.ts$' },
      to: { path: '^src/', pathNot: ['^src/core/', '^src/$1/contract\\.ts$'], dependencyTypesNot: ['dynamic-import', 'type-only'] },
    },
    {
      name: 'contract-is-a-leaf',
      severity: 'error',
      comment:
        "A contract.ts loads nothing of src/ but core/: every file of its domain, its manifest and other domains import it, " +
        'so it must bring none of them along (`import type` is erased and may name a type of its domain).',
      from: { path: '^src/[^/]+/contract\\.ts$' },
      to: { path: '^src/', pathNot: '^src/core/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'domain-uses-the-graphql-toolkit-only',
      severity: 'error',
      comment:
        "src/graphql/ is no domain but the GraphQL layer the domains build on, beside core/: a domain's GraphQL files take its " +
        'toolkit (builder.ts, input.ts, live.ts). The rest of it (schema, server, limits, GraphiQL) is the gateway\'s: schema.ts ' +
        'loads every module, so a domain importing it would close a circle through all of them.',
      from: { path: domain },
      to: { path: '^src/graphql/', pathNot: '^src/graphql/(builder|input|live)\\.ts$' },
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
    // Generated code and the SDK's build output. src/panel/gql/ is codegen's typed documents of every
    // domain's panel-operations.ts (codegen.ts), served to the browser beside them: the domains' own
    // operations, typed, not the panel's inside, so importing it is no walk through the panel's walls.
    exclude: { path: ['^src/generated/', '^src/panel/gql/', '^packages/sdk/generated/gql/', '^packages/sdk/build/', '^test/gql/', 'node_modules'] },
    // Keep `import type` edges (marked type-only): the boundary rules count them, the cycle rule does not.
    tsPreCompilationDeps: true,
  },
  domain,
  subModularDomains,
};
