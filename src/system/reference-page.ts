import { html } from 'hono/html';
import type { buildOpenApi } from '../core/openapi.ts';

type Spec = ReturnType<typeof buildOpenApi>;

/** The parts of an OpenAPI operation the page shows. */
type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema: unknown }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
};

/** The rendered API reference at /api/docs: every operation of the OpenAPI document, by tag. */
export function referencePage(spec: Spec) {
  const byTag = new Map<string, Array<{ method: string; path: string; operation: Operation }>>();
  for (const [path, operations] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(operations) as Array<[string, Operation]>) {
      const tag = operation.tags?.[0] ?? 'Other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ method, path, operation });
    }
  }
  const schemaBlock = (schema: unknown) => html`<pre><code>${JSON.stringify(schema, null, 2)}</code></pre>`;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Yarrow API reference</title>
        <link rel="stylesheet" href="/panel/assets/panel.css" />
      </head>
      <body>
        <header><a class="brand" href="/api/docs">Yarrow API</a></header>
        <main id="main">
          <h1>${spec.info.title} ${spec.info.version}</h1>
          <p>${spec.info.description}</p>
          <p>Machine-readable: <a href="/api/openapi.json">OpenAPI 3.1</a> · <a href="/api/postman.json">Postman collection</a></p>
          <nav aria-label="Sections"><ul>${[...byTag.keys()].map((tag) => html`<li><a href="#${tag}">${tag}</a></li>`)}</ul></nav>
          ${[...byTag].map(
            ([tag, operations]) => html`<section id="${tag}">
              <h2>${tag}</h2>
              <p>${spec.tags.find((entry) => entry.name === tag)?.description ?? ''}</p>
              ${operations.map(
                ({ method, path, operation }) => html`<article class="card" style="max-width:none">
                  <h3><code>${method.toUpperCase()} ${path}</code></h3>
                  <p>${operation.summary}${operation.description ? html` — ${operation.description}` : ''}${operation.operationId ? html` (<code>${operation.operationId}</code>)` : ''}</p>
                  ${operation.parameters?.length
                    ? html`<table>
                        <thead><tr><th>Parameter</th><th>In</th><th>Required</th><th>Schema</th></tr></thead>
                        <tbody>
                          ${operation.parameters.map(
                            (parameter) =>
                              html`<tr><td><code>${parameter.name}</code></td><td>${parameter.in}</td><td>${parameter.required ? 'yes' : 'no'}</td><td><code>${JSON.stringify(parameter.schema)}</code></td></tr>`,
                          )}
                        </tbody>
                      </table>`
                    : ''}
                  ${operation.requestBody
                    ? Object.entries(operation.requestBody.content).map(
                        ([type, content]) => html`<p>Body (<code>${type}</code>):</p>${schemaBlock(content.schema)}`,
                      )
                    : ''}
                  ${Object.entries(operation.responses)
                    .filter(([status, response]) => Number(status) < 300 && response.content?.['application/json']?.schema)
                    .map(([status, response]) => html`<p>Answer (<code>${status}</code>):</p>${schemaBlock(response.content!['application/json']!.schema)}`)}
                  <p>Responses: ${Object.entries(operation.responses).map(([status, response]) => html`<code>${status}</code> ${response.description}; `)}</p>
                </article>`,
              )}
            </section>`,
          )}
        </main>
      </body>
    </html>`;
}
