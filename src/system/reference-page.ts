import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

// The rendered API reference at /api/docs. It renders whatever the OpenAPI document holds
// (parameters, request bodies, responses, examples) generically, so it stays true as routes gain
// schemas and examples: read by people, with the JSON document beside it for machines.

type Html = HtmlEscapedString | Promise<HtmlEscapedString> | string;
// biome-ignore lint/suspicious/noExplicitAny: a JSON schema, walked generically
type Schema = Record<string, any>;
type Media = { schema?: Schema; example?: unknown; examples?: Record<string, { summary?: string; value?: unknown }> };
type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  'x-scope'?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema?: Schema }>;
  requestBody?: { content: Record<string, Media> };
  responses?: Record<string, { description?: string; content?: Record<string, Media> }>;
};
/** The parts of the OpenAPI document the page reads. */
interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, Schema>; securitySchemes?: unknown };
}

/** Text with `code` spans (descriptions and scopes are written that way): code elements, not literal backticks. */
function prose(text: string | undefined): Html[] {
  if (!text) return [];
  return text.split(/`([^`]+)`/).map((part, index) => (index % 2 ? html`<code>${part}</code>` : part));
}

const anchor = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** A schema's type in words: `string (email, ≤ 254)`, `one of: a, b`, `array of object`. */
function typeOf(schema: Schema, doc: OpenApiDocument): string {
  const resolved = resolve(schema, doc);
  if (resolved.const !== undefined) return JSON.stringify(resolved.const);
  if (resolved.enum) return `one of: ${resolved.enum.map((value: unknown) => JSON.stringify(value)).join(', ')}`;
  const alternatives = resolved.anyOf ?? resolved.oneOf;
  if (alternatives) return alternatives.map((inner: Schema) => typeOf(inner, doc)).join(' or ');
  if (resolved.type === 'array') return `array of ${resolved.items ? typeOf(resolved.items, doc) : 'anything'}`;
  const type = Array.isArray(resolved.type) ? resolved.type.join(' or ') : (resolved.type ?? (resolved.properties ? 'object' : 'any'));
  const limits = [
    resolved.format,
    resolved.pattern ? `pattern ${resolved.pattern}` : undefined,
    resolved.minLength !== undefined ? `≥ ${resolved.minLength} chars` : undefined,
    resolved.maxLength !== undefined ? `≤ ${resolved.maxLength} chars` : undefined,
    resolved.minimum !== undefined ? `≥ ${resolved.minimum}` : undefined,
    resolved.maximum !== undefined ? `≤ ${resolved.maximum}` : undefined,
    resolved.default !== undefined ? `default ${JSON.stringify(resolved.default)}` : undefined,
  ].filter(Boolean);
  return limits.length ? `${type} (${limits.join(', ')})` : type;
}

function resolve(schema: Schema, doc: OpenApiDocument): Schema {
  const ref = typeof schema.$ref === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(schema.$ref)?.[1] : undefined;
  return ref ? (doc.components?.schemas?.[ref] ?? schema) : schema;
}

/** An object schema's fields, nested ones with dotted names (`items[].id`), as table rows. */
function fieldRows(schema: Schema, doc: OpenApiDocument, prefix = '', depth = 0): Array<{ name: string; type: string; required: boolean; description?: string }> {
  const resolved = resolve(schema, doc);
  const object = resolved.type === 'array' ? resolve(resolved.items ?? {}, doc) : resolved;
  const inner = prefix && resolved.type === 'array' ? `${prefix}[]` : prefix;
  const properties: Record<string, Schema> = object.properties ?? {};
  const required: string[] = object.required ?? [];
  return Object.entries(properties).flatMap(([name, property]) => {
    const path = inner ? `${inner}.${name}` : name;
    const row = { name: path, type: typeOf(property, doc), required: required.includes(name), description: property.description };
    const nested = resolve(property, doc);
    const hasFields = (nested.properties ?? (nested.type === 'array' ? resolve(nested.items ?? {}, doc).properties : undefined)) && depth < 3;
    return hasFields ? [row, ...fieldRows(property, doc, path, depth + 1)] : [row];
  });
}

function schemaTable(schema: Schema | undefined, doc: OpenApiDocument, caption: string): Html {
  if (!schema) return '';
  const rows = fieldRows(schema, doc);
  if (rows.length === 0) return html`<p>${caption}: <code>${typeOf(schema, doc)}</code></p>`;
  return html`<table class="schema">
    <caption>${caption}</caption>
    <thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead>
    <tbody>
      ${rows.map((row) => html`<tr><td><code>${row.name}</code></td><td>${row.type}</td><td>${row.required ? 'yes' : 'no'}</td><td>${prose(row.description)}</td></tr>`)}
    </tbody>
  </table>`;
}

function examples(media: Media): Html[] {
  const all: Array<[string, unknown]> = [];
  if (media.example !== undefined) all.push(['Example', media.example]);
  for (const [name, example] of Object.entries(media.examples ?? {})) {
    if (example.value !== undefined) all.push([`Example: ${example.summary ?? name}`, example.value]);
  }
  return all.map(([label, value]) => html`<figure class="example"><figcaption>${label}</figcaption><pre><code>${JSON.stringify(value, null, 2)}</code></pre></figure>`);
}

function mediaBlock(content: Record<string, Media> | undefined, doc: OpenApiDocument, caption: string): Html[] {
  return Object.entries(content ?? {}).map(
    ([type, media]) => html`${type === 'application/json' ? '' : html`<p>Content type <code>${type}</code></p>`}${schemaTable(media.schema, doc, caption)}${examples(media)}`,
  );
}

function operationBlock(method: string, path: string, operation: Operation, doc: OpenApiDocument) {
  const id = anchor(`${method} ${path}`);
  return html`<details class="operation" id="${id}">
    <summary><span class="method method-${method}">${method.toUpperCase()}</span> <code>${path}</code> <span>${prose(operation.summary)}</span></summary>
    ${operation.operationId ? html`<p>Operation id <code>${operation.operationId}</code> (what the SDK's types and the Postman collection call it)</p>` : ''}
    ${operation.description ? html`<p>${prose(operation.description)}</p>` : ''}
    ${operation.parameters?.length
      ? html`<table class="schema">
          <caption>Parameters</caption>
          <thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead>
          <tbody>
            ${operation.parameters.map(
              (parameter) =>
                html`<tr><td><code>${parameter.name}</code></td><td>${parameter.in}</td><td>${parameter.schema ? typeOf(parameter.schema, doc) : ''}</td><td>${parameter.required ? 'yes' : 'no'}</td><td>${prose(parameter.description)}</td></tr>`,
            )}
          </tbody>
        </table>`
      : ''}
    ${operation.requestBody ? html`<h4>Request body</h4>${mediaBlock(operation.requestBody.content, doc, 'Request body')}` : ''}
    <h4>Responses</h4>
    ${Object.entries(operation.responses ?? {}).map(
      ([status, response]) => html`<details class="response">
        <summary><code>${status}</code> ${prose(response.description)}</summary>
        ${mediaBlock(response.content, doc, `Response ${status}`)}
      </details>`,
    )}
  </details>`;
}

/**
 * The API reference: one collapsible section per tag, each operation collapsible with its
 * parameters and schemas as tables and its examples; the `/api/api/…` aliases (served for clients
 * that join paths twice) are not listed.
 */
export function referencePage(doc: OpenApiDocument) {
  const byTag = new Map<string, Array<{ method: string; path: string; operation: Operation }>>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/api/')) continue;
    for (const [method, operation] of Object.entries(operations) as Array<[string, Operation]>) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const tag = operation.tags?.[0] ?? 'Other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ method, path, operation });
    }
  }
  const tagDescription = (name: string) => doc.tags?.find((tag) => tag.name === name)?.description;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Yarrow API reference</title>
        <link rel="icon" href="/favicon.ico" />
        <link rel="stylesheet" href="/panel/assets/panel.css" />
      </head>
      <body class="reference">
        <header><a class="brand" href="/api/docs">Yarrow API</a></header>
        <main id="main">
          <h1>${doc.info.title} ${doc.info.version}</h1>
          <p>${prose(doc.info.description)}</p>
          <p>Machine-readable: <a href="/api/openapi.json">OpenAPI 3.1</a> · <a href="/api/postman.json">Postman collection</a></p>
          <nav aria-label="Sections"><ul>${[...byTag.keys()].map((tag) => html`<li><a href="#${anchor(tag)}">${tag}</a></li>`)}</ul></nav>
          ${[...byTag].map(
            ([tag, operations]) => html`<details class="tag" id="${anchor(tag)}" open>
              <summary><h2>${tag}</h2></summary>
              ${tagDescription(tag) ? html`<p>${prose(tagDescription(tag))}</p>` : ''}
              ${operations.map(({ method, path, operation }) => operationBlock(method, path, operation, doc))}
            </details>`,
          )}
        </main>
      </body>
    </html>`;
}
