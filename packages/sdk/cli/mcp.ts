// `yarrow mcp`: Yarrow's MCP tools over stdio, for a desktop assistant that starts MCP servers as
// commands. The tools are the gateway's (its /mcp lists them, with each tool's REST route); a call
// is that REST route's request, made with the SDK's REST client and the user's key, so answers and
// refusals are the gateway's own. docs/agents.md.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { createYarrowRestClient } from '../rest.ts';
import { CliError, unreachable, type Connection, type Json } from './api.ts';

/** Where a tool's REST route is, as the gateway's tool list says (`_meta`). */
interface ToolRoute {
  method: 'GET' | 'POST';
  path: string;
  path_params: string[];
  arguments_in: 'body' | 'query' | 'none';
}
const ROUTE_META = 'dev.yarrow/route';

/** The gateway's tools, read once through its /mcp with the user's key (a refused key stops here, with why). */
async function gatewayTools(connection: Connection): Promise<Tool[]> {
  const client = new Client({ name: 'yarrow-cli', version: '1' });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(`${connection.baseUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${connection.apiKey}` } } }));
    return (await client.listTools()).tools;
  } catch (error) {
    if (/\b401\b/.test(`${(error as Error).message}`)) throw new CliError('The API key was refused. Pass a valid key with --api-key or YARROW_API_KEY.');
    throw unreachable(connection.baseUrl, error);
  } finally {
    await client.close();
  }
}

/** Serves the tools on stdin/stdout until stdin closes. */
export async function serveMcp(connection: Connection): Promise<void> {
  const tools = await gatewayTools(connection);
  const api = createYarrowRestClient({ baseUrl: connection.baseUrl, apiKey: connection.apiKey });
  const server = new Server({ name: 'yarrow', version: '1' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = tools.find((candidate) => candidate.name === request.params.name);
    const route = tool?._meta?.[ROUTE_META] as ToolRoute | undefined;
    if (!route) return { content: [{ type: 'text', text: `No tool ${request.params.name}.` }], isError: true };
    const args: Json = { ...request.params.arguments };
    const path = Object.fromEntries(route.path_params.map((name) => [name, String(args[name] ?? '')]));
    for (const name of route.path_params) delete args[name];
    // Any tool's route: the path is not a literal the generated types can check.
    const call = api.request as unknown as (method: string, url: string, init: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    const answer = await call(route.method.toLowerCase(), route.path.replace(/:(\w+)/g, '{$1}'), {
      params: { path, ...(route.arguments_in === 'query' ? { query: args } : {}) },
      ...(route.arguments_in === 'body' ? { body: args } : {}),
    });
    const json = answer.data ?? answer.error;
    const text = json === undefined ? `HTTP ${answer.response.status}` : JSON.stringify(json);
    const structured = json && typeof json === 'object' && !Array.isArray(json) ? { structuredContent: json as Json } : {};
    return { content: [{ type: 'text', text }], ...structured, ...(answer.response.ok ? {} : { isError: true }) };
  });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    process.stdin.once('end', resolve);
  });
  await server.connect(transport);
  await closed;
  await server.close();
}
