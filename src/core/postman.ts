import type { buildOpenApi } from './openapi.ts';

/**
 * The Postman collection: the OpenAPI document (names, auth, content types) plus the *flow*, the
 * order in which a merchant calls the API so that each id flows into the next request (create an
 * intent → read it → pay it on the hosted checkout with a test token → …), each request with a body
 * that succeeds and a test script asserting its status and key fields. Each module declares its
 * folders of the flow (`postman` in its module.ts, its `postman.ts`); they run in module order, a
 * folder that needs another's ids placed `after` it. newman runs it against a live server in
 * test/system/postman.test.ts, which also fails when an operation of the OpenAPI document has no
 * step, so the collection cannot fall behind.
 */

type OpenApi = ReturnType<typeof buildOpenApi>;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface PostmanStep {
  /** The request's name in Postman; the operation's summary when absent. */
  name?: string;
  /** The documented operation it calls, `post /api/v1/payment-intents` (OpenAPI path syntax); absent for a GraphQL call. */
  operation?: `${Method} /${string}`;
  /** Path parameters (`{id}`) → their value, usually a `{{variable}}` an earlier step set. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON body, a form body, or a GraphQL operation (for what REST has no route for, such as a pairing code). */
  json?: unknown;
  form?: Record<string, string>;
  graphql?: { query: string; variables?: Record<string, unknown> };
  /** The Authorization header when it is not the collection's API key (a device token, a pairing code). */
  authorization?: string;
  /** Asserted first. */
  status: number;
  /** What `checks` and `sets` read: `json` (default), `text` (an HTML page, plain text), or `none` (a redirect, a 204). */
  parse?: 'json' | 'text' | 'none';
  /** Assertion name → statements using `json` (or `text`) and `pm`. */
  checks?: Record<string, string>;
  /** Collection variable → the expression (over `json`/`text`/`pm`) it is set to. */
  sets?: Record<string, string>;
  /** Statements run before the request (computing a date, say). */
  prerequest?: string[];
  /** Redirects are answers to assert, not to follow. */
  followRedirects?: false;
  description?: string;
}

/** A folder of the flow: a module's part of it, run in order. */
export interface PostmanFolder {
  name: string;
  description: string;
  /** The folder it runs after (it reads ids that one sets), when not in module order. */
  after?: string;
  /** Collection variables that hold numbers, written unquoted in its JSON bodies. */
  numberVariables?: readonly string[];
  steps: PostmanStep[];
}

/** Postman expressions the steps' checks and `sets` use: the page's CSRF token, the redirect's target. */
export const csrfFrom = `(/name="csrf_token" value="([^"]+)"/.exec(text) || [])[1]`;
export const locationOf = `pm.response.headers.get('Location')`;

/** A GraphQL request, for what only GraphQL does (the dashboard's calls: pairing codes, recipient lists). */
export function graphqlStep(name: string, query: string, variables: Record<string, unknown>, checks: Record<string, string>, sets: Record<string, string>): PostmanStep {
  return {
    name,
    graphql: { query, variables },
    status: 200,
    checks: { 'no GraphQL errors': 'pm.expect(json.errors).to.be.undefined;', ...checks },
    sets,
    description: 'GraphQL (`POST /graphql`): REST has no route for this; the dashboard does it the same way.',
  };
}

/** Every module's folders, in module order, each folder with an `after` placed right after that one. */
export async function postmanFlow(modules: ReadonlyArray<{ postman?: () => Promise<readonly PostmanFolder[]> }>): Promise<PostmanFolder[]> {
  const waiting = (await Promise.all(modules.map(async (module) => (await module.postman?.()) ?? []))).flat();
  const flow: PostmanFolder[] = [];
  while (waiting.length > 0) {
    const next = waiting.findIndex((folder) => !folder.after || flow.some((placed) => placed.name === folder.after));
    if (next < 0) throw new Error(`Postman folder ${waiting[0]!.name} runs after ${waiting[0]!.after}, which no module has`);
    const [folder] = waiting.splice(next, 1) as [PostmanFolder];
    flow.splice(folder.after ? flow.findIndex((placed) => placed.name === folder.after) + 1 : flow.length, 0, folder);
  }
  return flow;
}

/** Every operation of the flow, `get /api/v1/...` in OpenAPI path syntax. */
export function flowOperations(flow: readonly PostmanFolder[]): Set<string> {
  return new Set(flow.flatMap((folder) => folder.steps.flatMap((step) => (step.operation ? [step.operation] : []))));
}

const assertion = (name: string, body: string) => `pm.test(${JSON.stringify(name)}, () => { ${body} });`;

function testScript(step: PostmanStep): string[] {
  const parse = step.parse ?? 'json';
  const lines = [assertion(`answers ${step.status}`, `pm.response.to.have.status(${step.status});`)];
  if (parse === 'json') lines.push('const json = pm.response.json();');
  if (parse === 'text') lines.push('const text = pm.response.text();');
  for (const [name, body] of Object.entries(step.checks ?? {})) lines.push(assertion(name, body));
  for (const [variable, expression] of Object.entries(step.sets ?? {})) {
    lines.push(assertion(`sets {{${variable}}}`, `const value = ${expression}; pm.expect(value).to.not.be.undefined; pm.collectionVariables.set(${JSON.stringify(variable)}, value);`));
  }
  return lines;
}

// biome-ignore lint/suspicious/noExplicitAny: an operation of the OpenAPI document, read as plain JSON
type Operation = Record<string, any>;

function item(spec: OpenApi, step: PostmanStep, numberVariables: ReadonlySet<string>) {
  const [method, template] = step.operation ? (step.operation.split(' ') as [Method, string]) : (['post', '/graphql'] as const);
  const operation: Operation | undefined = step.operation ? (spec.paths[template] as Record<string, Operation> | undefined)?.[method] : undefined;
  if (step.operation && !operation) throw new Error(`The Postman flow names ${step.operation}, which the OpenAPI document does not have`);
  const path = template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = step.params?.[name];
    if (value === undefined) throw new Error(`The Postman flow's ${step.operation} gives no value for {${name}}`);
    return value;
  });
  const documented = operation ? [operation.summary, operation.description].filter(Boolean).join('\n\n') : '';
  const description = [step.description, documented].filter(Boolean).join('\n\n');
  const isPublic = operation && !operation.security?.length;
  const header: Array<{ key: string; value: string }> = [];
  if (step.authorization) header.push({ key: 'Authorization', value: step.authorization });
  let body: unknown;
  if (step.json !== undefined || step.graphql) {
    header.push({ key: 'Content-Type', value: 'application/json' });
    // A number variable is written unquoted (`"attempt": {{message_attempt}}`), so it arrives as a number.
    const raw = JSON.stringify(step.graphql ?? step.json, null, 2).replace(/"\{\{(\w+)\}\}"/g, (quoted, name: string) =>
      numberVariables.has(name) ? `{{${name}}}` : quoted,
    );
    body = { mode: 'raw', raw, options: { raw: { language: 'json' } } };
  } else if (step.form) {
    header.push({ key: 'Content-Type', value: 'application/x-www-form-urlencoded' });
    body = { mode: 'urlencoded', urlencoded: Object.entries(step.form).map(([key, value]) => ({ key, value })) };
  }
  const query = Object.entries(step.query ?? {}).map(([key, value]) => ({ key, value }));
  const queryString = query.length ? `?${query.map(({ key, value }) => `${key}=${value}`).join('&')}` : '';
  const prerequest = step.prerequest ?? [];
  return {
    name: step.name ?? operation?.summary ?? template,
    ...(step.followRedirects === false ? { protocolProfileBehavior: { followRedirects: false } } : {}),
    event: [
      ...(prerequest.length ? [{ listen: 'prerequest', script: { type: 'text/javascript', exec: prerequest } }] : []),
      { listen: 'test', script: { type: 'text/javascript', exec: testScript(step) } },
    ],
    request: {
      method: method.toUpperCase(),
      ...(step.authorization || isPublic ? { auth: { type: 'noauth' } } : {}),
      header,
      url: {
        raw: `{{baseUrl}}${path}${queryString}`,
        host: ['{{baseUrl}}'],
        path: path.split('/').filter(Boolean),
        ...(query.length ? { query } : {}),
      },
      ...(body ? { body } : {}),
      description,
    },
  };
}

/** A Postman v2.1 collection of the flow (`postmanFlow` of the modules): folders in order, Bearer `{{apiKey}}` at collection level. */
export function buildPostman(spec: OpenApi, flow: readonly PostmanFolder[]) {
  const numberVariables = new Set(flow.flatMap((folder) => folder.numberVariables ?? []));
  return {
    info: {
      name: spec.info.title,
      description: `${spec.info.description}\n\nRun it in order (newman run or the Collection Runner): each request sets the ids the next ones use. Set \`baseUrl\` and \`apiKey\` (a sandbox key with every scope).`,
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{apiKey}}', type: 'string' }] },
    variable: [
      { key: 'baseUrl', value: spec.servers[0]!.url },
      { key: 'apiKey', value: 'yk_test_…' },
    ],
    item: flow.map((folder) => ({ name: folder.name, description: folder.description, item: folder.steps.map((step) => item(spec, step, numberVariables)) })),
  };
}
