import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GraphiQLOptions } from 'graphql-yoga';
import { html } from 'hono/html';
import { pageSecurityHeaders } from '../core/browser-security.ts';
import { YarrowError } from '../core/errors.ts';
import type { GatewayContext } from '../core/gateway-context.ts';
import { defineRoute } from '../core/route.ts';

/**
 * GraphiQL served from this server, never from a CDN: it works offline and under a CSP that allows
 * only this origin. Its script, stylesheet and Monaco's three workers come from
 * `@graphql-yoga/render-graphiql` (strings, loaded on first request: the module is 9 MB); the
 * package's own page inlines them, ours links them as files.
 */
const ASSETS_PATH = '/graphql/assets';
// Monaco adds <style> elements and style attributes as it lays out the editor: style-src needs 'unsafe-inline'.
const graphiqlHeaders = pageSecurityHeaders(
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src 'self'; object-src 'none'",
);

type GraphiqlPackage = typeof import('@graphql-yoga/render-graphiql/graphiql');
let graphiqlPackage: Promise<GraphiqlPackage> | undefined;
const loadPackage = () => (graphiqlPackage ??= import('@graphql-yoga/render-graphiql/graphiql'));

const javascript = 'text/javascript; charset=utf-8';
const assets: Record<string, { type: string; body: (pkg: GraphiqlPackage) => string }> = {
  'graphiql.js': { type: javascript, body: (pkg) => pkg.js },
  'graphiql.css': { type: 'text/css; charset=utf-8', body: (pkg) => pkg.css },
  'editor.worker.js': { type: javascript, body: (pkg) => pkg.editorWorkerService },
  'json.worker.js': { type: javascript, body: (pkg) => pkg.jsonWorker },
  'graphql.worker.js': { type: javascript, body: (pkg) => pkg.graphqlWorker },
  'graphiql-start.js': { type: javascript, body: () => startScript },
};
const startScript = readFileSync(join(import.meta.dirname, 'graphiql-assets', 'graphiql-start.js'), 'utf8');

/** Yoga's `renderGraphiQL`: the page, with no inline script or style (the options travel in a data attribute). */
export function graphiqlPage(options: GraphiQLOptions): string {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${options.title ?? 'GraphiQL'}</title>
    <link rel="icon" href="/favicon.ico" />
    <link rel="stylesheet" href="${ASSETS_PATH}/graphiql.css" />
    <script src="${ASSETS_PATH}/graphiql.js" defer></script>
    <script src="${ASSETS_PATH}/graphiql-start.js" defer></script>
  </head>
  <body id="body" class="no-focus-outline">
    <noscript>GraphiQL needs JavaScript.</noscript>
    <div id="root" data-options="${JSON.stringify(options)}"></div>
  </body>
</html>`.toString();
}

/** The assets' route, and the page's security headers on GET /graphql when it answers with GraphiQL. */
export function registerGraphiqlRoutes(ctx: GatewayContext) {
  ctx.app.use('/graphql', async (c, next) => {
    await next();
    if (c.req.method === 'GET' && c.res.headers.get('content-type')?.startsWith('text/html')) {
      for (const [name, value] of Object.entries(graphiqlHeaders)) c.res.headers.set(name, value);
    }
  });
  defineRoute(ctx, {
    method: 'get',
    path: `${ASSETS_PATH}/:file{[a-z.-]+\\.(js|css)}`,
    tag: 'GraphQL',
    summary: "GraphiQL's script, stylesheet and editor workers",
    auth: 'none',
    openapi: false,
    produces: 'text',
    responses: { 200: 'The file.' },
    handler: async (c) => {
      const file = c.req.param('file')!;
      const asset = Object.hasOwn(assets, file) ? assets[file] : undefined;
      if (!asset) throw new YarrowError('not_found', `No GraphiQL asset ${file}.`);
      c.header('Content-Type', asset.type);
      c.header('Cache-Control', 'public, max-age=3600');
      return c.body(asset.body(await loadPackage()));
    },
  });
}
