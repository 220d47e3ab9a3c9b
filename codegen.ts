import type { CodegenConfig } from '@graphql-codegen/cli';

// Typed operations, in two outputs so the SDK ships only its own: `graphql(`query …`)` written in
// src/sdk/ (the merchant panel's operations) is typed in src/sdk/gql/, and written in a test, in
// test/gql/. Then `npm run codegen`. Both are committed; test/graphql/schema.test.ts checks them.
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
    'src/sdk/gql/': { ...output, documents: ['src/sdk/**/*.ts', '!src/sdk/gql/**'] },
    'test/gql/': { ...output, documents: ['test/**/*.ts', '!test/gql/**'] },
  },
};

export default config;
