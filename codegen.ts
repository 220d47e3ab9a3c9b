import type { CodegenConfig } from '@graphql-codegen/cli';

// Typed operations for the tests and the SDK: write `graphql(`query …`)` in test/ or src/sdk/,
// then `npm run codegen`. The output is committed; test/graphql/schema.test.ts checks it is fresh.
const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['test/**/*.ts', 'src/sdk/**/*.ts', '!src/sdk/gql/**'],
  ignoreNoDocuments: true,
  generates: {
    'src/sdk/gql/': {
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
    },
  },
};

export default config;
