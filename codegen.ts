import type { CodegenConfig } from '@graphql-codegen/cli';

// Typed operations, in three outputs so the SDK package ships only its own: `graphql(`query …`)`
// written for the yarrow command (packages/sdk/cli/, and the domains' `trigger` recipes,
// src/*/trigger.ts, which the SDK ships as packages/sdk/generated/trigger/) is typed in
// packages/sdk/generated/gql/; in a domain's panel operations (src/*/panel-operations.ts or a sub-module's, src/*/*/panel-operations.ts, not
// shipped) in src/panel/gql/; in a test, in test/gql/. Then `npm run codegen`. All are committed;
// test/graphql/schema.test.ts checks them.
const output = {
  preset: 'client',
  presetConfig: { fragmentMasking: false },
  config: {
    useTypeImports: true,
    // Documents as strings: the browser panel imports this SDK without graphql-js.
    documentMode: 'string',
    importExtension: '.ts',
    enumsAsTypes: true,
    scalars: { DateTime: 'string', JSONObject: 'Record<string, unknown>' },
  },
} as const;

const config: CodegenConfig = {
  schema: 'schema.graphql',
  ignoreNoDocuments: true,
  generates: {
    'packages/sdk/generated/gql/': { ...output, documents: ['packages/sdk/cli/**/*.ts', 'src/*/trigger.ts'] },
    'src/panel/gql/': { ...output, documents: ['src/*/panel-operations.ts', 'src/*/*/panel-operations.ts'] },
    'test/gql/': { ...output, documents: ['test/**/*.ts', '!test/gql/**'] },
  },
};

export default config;
