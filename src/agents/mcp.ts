// `/mcp`: Yarrow as an MCP server (Model Context Protocol, Streamable HTTP, stateless: each POST
// is answered on its own, no session). The caller's API key (`Authorization: Bearer yk_…`) is
// checked as on every route; each tool call is then its REST route's request, made in-process with
// that key (tools.ts), so a key without the tool's scope gets the route's 403 as the tool's error.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { YarrowError } from '../core/errors.ts';
import type { GatewayContext } from '../core/gateway-context.ts';
import { readJson, type HttpContext } from '../core/http.ts';
import { loggedRequest } from '../core/request-log.ts';
import { defineRoute, type Credential } from '../core/route.ts';
import { agentTools, type AgentTool } from './tools.ts';

export const MCP_PATH = '/mcp';

/**
 * The MCP SDK, loaded at the first /mcp request: its modules take a few hundred milliseconds to
 * load, which a gateway's start (and every test and bench that starts one) need not pay.
 */
let sdk: ReturnType<typeof loadSdk> | undefined;
function mcpSdk() {
  sdk ??= loadSdk();
  return sdk;
}
async function loadSdk() {
  const [server, transport, types] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  return { ...server, ...transport, ...types };
}

/** The key as every route checks it (a valid key and its rate budget); each tool's scope is its route's. */
function apiKey(ctx: GatewayContext): Credential<string> {
  return {
    documentedAs: 'none',
    authenticate: async (c) => {
      const principal = await ctx.auth.authenticate(c.req.header('authorization'));
      c.set('principal', principal);
      await ctx.auth.consume(principal);
      return c.req.header('authorization')!;
    },
  };
}

export function registerMcpRoutes(ctx: GatewayContext) {
  // Read at the first call: every module has registered its routes by then.
  let tools: AgentTool[] | undefined;
  const toolsNow = () => (tools ??= agentTools(ctx.routeDocs));

  /** One tool call: its route's request with the caller's key; the answer's JSON is the result, an error answer the tool's error. */
  async function callTool(c: HttpContext, authorization: string, tool: AgentTool, args: Record<string, unknown>): Promise<CallToolResult> {
    const rest = { ...args };
    let path = tool.path;
    for (const name of tool.pathParams) {
      path = path.replace(`:${name}`, encodeURIComponent(String(rest[name] ?? '')));
      delete rest[name];
    }
    const url = new URL(path, 'http://gateway.internal');
    if (tool.argumentsIn === 'query') {
      for (const [name, value] of Object.entries(rest)) if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = { authorization, 'content-type': 'application/json', 'user-agent': `yarrow-mcp (${c.req.header('user-agent') ?? 'unknown client'})` };
    const requestId = c.req.header('x-request-id');
    if (requestId) headers['x-request-id'] = requestId;
    const response = await ctx.app.fetch(
      new Request(url, { method: tool.method.toUpperCase(), headers, ...(tool.argumentsIn === 'body' ? { body: JSON.stringify(rest) } : {}) }),
      c.env,
    );
    return toolResult(response.status, await response.text());
  }

  defineRoute(ctx, {
    method: 'post',
    path: MCP_PATH,
    tag: 'Agents',
    summary: 'MCP (Model Context Protocol) over Streamable HTTP: tools to send SMS and OTPs, read messages, make and refund payments, list events',
    openapi: false,
    auth: apiKey(ctx),
    responses: { 200: 'A JSON-RPC answer.' },
    // In the account's request log as `mcp` (secrets removed, as every logged body), beside the REST
    // request each tool call makes. The body is read by the gateway (bounded by BODY_LIMIT_BYTES,
    // refused unless JSON) once the key is checked, and handed to the transport parsed.
    handler: (c, { auth: authorization }) => loggedRequest(ctx.rt, c, 'mcp', async () => {
      const { body } = await readJson(c);
      const { Server, WebStandardStreamableHTTPServerTransport, ListToolsRequestSchema, CallToolRequestSchema } = await mcpSdk();
      const server = new Server({ name: 'yarrow', version: '1' }, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, () => ({
        tools: toolsNow().map((tool) => ({
          name: tool.name,
          title: tool.title,
          description: tool.description,
          inputSchema: tool.inputSchema,
          annotations: { title: tool.title, readOnlyHint: tool.readOnly, openWorldHint: false },
          // Where the tool's REST route is: `yarrow mcp` (stdio) calls it there with the SDK's REST client.
          _meta: { 'dev.yarrow/route': { method: tool.method.toUpperCase(), path: tool.path, path_params: tool.pathParams, arguments_in: tool.argumentsIn } },
        })),
      }));
      server.setRequestHandler(CallToolRequestSchema, async (request) => {
        const tool = toolsNow().find((candidate) => candidate.name === request.params.name);
        if (!tool) return toolResult(404, JSON.stringify({ ok: false, error: new YarrowError('not_found', `No tool ${request.params.name}.`, { param: 'name' }).toBody().error }));
        return callTool(c, authorization, tool, request.params.arguments ?? {});
      });
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      await server.connect(transport);
      try {
        return await transport.handleRequest(c.req.raw, { parsedBody: body });
      } finally {
        await server.close();
      }
    }),
  });
}

/** A REST answer as a tool result: its JSON as text (and as structured content), an error answer marked `isError`. */
function toolResult(status: number, text: string): CallToolResult {
  let structured: Record<string, unknown> | undefined;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) structured = parsed as Record<string, unknown>;
  } catch {}
  return { content: [{ type: 'text', text: text || `HTTP ${status}` }], ...(structured ? { structuredContent: structured } : {}), ...(status >= 400 ? { isError: true } : {}) };
}
