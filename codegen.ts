import type { CodegenConfig } from '@graphql-codegen/cli';

// Typed operations, in three outputs so the SDK package ships only its own: `graphql(`query …`)`
// written in src/sdk/cli/ (the yarrow command's, shipped) is typed in src/sdk/cli/gql/; in the rest
// of src/sdk/ (the merchant panel's operations, not shipped) in src/sdk/gql/; in a test, in
// test/gql/. Then `npm run codegen`. All are committed; test/graphql/schema.test.ts checks them.
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
    'src/sdk/gql/': { ...output, documents: ['src/sdk/**/*.ts', '!src/sdk/gql/**', '!src/sdk/cli/**', '!src/sdk/dist/**'] },
    'src/sdk/cli/gql/': { ...output, documents: ['src/sdk/cli/**/*.ts', '!src/sdk/cli/gql/**'] },
    'test/gql/': { ...output, documents: ['test/**/*.ts', '!test/gql/**'] },
  },
};

export default config;
