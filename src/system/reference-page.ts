import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { html } from 'hono/html';
import { pageSecurityHeaders } from '../core/browser-security.ts';

// The API reference at /api/docs is Redoc, its standalone bundle served from node_modules (no CDN:
// it works offline), rendering in the browser the OpenAPI document the page carries.

export const REFERENCE_ASSETS_PATH = '/api/docs/assets';
/** The page's scripts, by the file name it loads them under. */
export const referenceAssets: Record<string, () => string> = {
  'redoc.standalone.js': () => (redoc ??= readFileSync(new URL(import.meta.resolve('redoc/bundles/redoc.standalone.js')), 'utf8')),
  'reference-start.js': () => startScript,
};
let redoc: string | undefined;
const startScript = readFileSync(join(import.meta.dirname, 'reference-assets', 'reference-start.js'), 'utf8');

// Redoc adds <style> elements and style attributes as it loads and renders (style-loader and
// styled-components; two of them before its `nonce` option can reach them): style-src needs
// 'unsafe-inline', as GraphiQL's does. Scripts only from this origin, none inline; no worker (search
// is off: it runs in a blob: worker); its logo's image from its CDN is refused (the page works offline).
const referenceHeaders = pageSecurityHeaders(
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'",
);

type Operation = { operationId?: string; summary?: string; description?: string };
/** The parts of the OpenAPI document the page changes. */
interface OpenApiDocument {
  info: { description?: string };
  paths: Record<string, Record<string, unknown>>;
}

/**
 * The document as the page shows it: the links to its machine-readable forms under the API's
 * description, each operation's id (what the SDK's types and the Postman collection call it) in
 * its description, and its summary without the backticks of `code` (Redoc shows a summary as
 * plain text, descriptions as Markdown).
 */
function shownDocument(doc: OpenApiDocument): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(doc.paths).map(([path, operations]) => [
      path,
      Object.fromEntries(
        Object.entries(operations).map(([method, value]) => {
          const operation = value as Operation;
          if (typeof value !== 'object' || !operation.operationId) return [method, value];
          const id = `Operation id \`${operation.operationId}\` (what the SDK's types and the Postman collection call it).`;
          return [method, { ...operation, summary: operation.summary?.replaceAll('`', ''), description: operation.description ? `${operation.description}\n\n${id}` : id }];
        }),
      ),
    ]),
  );
  const links = 'Machine-readable: [OpenAPI 3.1](/api/openapi.json) · [Postman collection](/api/postman.json)';
  return { ...doc, info: { ...doc.info, description: doc.info.description ? `${doc.info.description}\n\n${links}` : links }, paths };
}

/** The page (Redoc's script and ours, which starts Redoc on the document in a data attribute) and its headers. */
export function referencePage(doc: OpenApiDocument) {
  const body = html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Yarrow API reference</title>
    <link rel="icon" href="/favicon.ico" />
    <script src="${REFERENCE_ASSETS_PATH}/redoc.standalone.js" defer></script>
    <script src="${REFERENCE_ASSETS_PATH}/reference-start.js" defer></script>
  </head>
  <body>
    <noscript>The API reference needs JavaScript; the document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
    <div id="reference" data-spec="${JSON.stringify(shownDocument(doc))}"></div>
  </body>
</html>`.toString();
  return { body, headers: referenceHeaders };
}
