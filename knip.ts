import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { KnipConfig } from 'knip';

// A config in TypeScript rather than JSON for one line: knip's `paths`, like tsconfig's, take a single
// `*`, so `/panel/assets/*` cannot name `src/*/panel-assets/*`; the modules' asset folders are listed from src/.
const src = join(import.meta.dirname, 'src');
const panelAssetFolders = readdirSync(src, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(src, entry.name, 'panel-assets')))
  .map((entry) => `src/${entry.name}/panel-assets/*`);

const config: KnipConfig = {
    // The Prisma schema's generator providers are commands (`prisma-pothos-types`, `node …/dmmf.mjs`), not packages.
  "ignoreIssues": { "prisma/**/*.prisma": ["unlisted"] },
  // The root project, the SDK package (packages/sdk), and scripts/openapi-types (a workspace only
  // because openapi-typescript needs TypeScript 5's compiler API; the project's TypeScript 7 has none).
  "workspaces": {
    ".": {
      // Entry points beyond those knip finds itself (package.json scripts and exports: src/main.ts,
      // src/serve.ts, workers/main.ts, src/sandbox-key.ts, the simulator and operator CLIs; vitest's
      // test files): the panel's and the modules' browser scripts, the modules' `yarrow trigger`
      // recipes (the SDK ships their copies), scripts, the Prisma DMMF generator and the benchmarks.
      "entry": [
        "src/*/trigger.ts",
        "src/panel/assets/*.js",
        "src/*/panel-assets/*.js",
        "src/graphql/graphiql-assets/*.js",
        "src/system/reference-assets/*.js",
        "scripts/*.{ts,mjs}",
        "prisma/generators/*.mjs",
        "bench/*.ts",
        "test/**/*.test.ts"
      ],
      // The panel's scripts import the SDK, their domain's panel operations and the panel's shared scripts by the URLs the gateway serves them at.
      // preact-htm.js is htm's Preact bundle and uplot.js uPlot's ES module (src/panel/rest.ts serves both from their packages).
      "paths": {
        "/panel/sdk/*": ["packages/sdk/*"],
        "/panel/src/*": ["src/*"],
        "/panel/assets/preact-htm.js": ["node_modules/htm/preact/standalone.module.js"],
        "/panel/assets/uplot.js": ["node_modules/uplot/dist/uPlot.esm.js"],
        "/panel/assets/*": ["src/panel/assets/*", ...panelAssetFolders]
      },
      // An export its own file uses is not dead code; what nobody uses at all is reported.
      "ignoreExportsUsedInFile": true,
      // Installed at the start of the API-contract (14) and panel (15) work, before their first use;
      // each line goes when the code that uses the package lands.
      "ignoreDependencies": [
        // htm's Preact bundle (htm/preact/standalone.module.js) carries its own copy of Preact.
        "preact",
        // scripts/postman.ts (npm run postman) and test/system/postman.test.ts run newman's CLI file by path.
        "newman"
      ]
    },
    // The SDK: its files (the panel loads client.ts and format.ts by URL, beside the package's
    // exports; knip finds its bin itself); what codegen and openapi-typescript generate (generated/) is whole, used or not.
    "packages/sdk": { "entry": ["*.ts"], "ignore": ["generated/**"], "ignoreExportsUsedInFile": true },
    // test/sdk/rest-types.test.ts runs openapi-typescript's CLI file by path (with the running Node), which knip cannot see.
    "scripts/openapi-types": { "ignoreDependencies": ["openapi-typescript"] },
    // test/sdk/package.test.ts runs this workspace's Node 20 by path (scripts/lowest-node/node_modules/.bin/node).
    "scripts/lowest-node": { "ignoreDependencies": ["node"] }
  }
};

export default config;
