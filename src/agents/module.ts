import { defineModule } from '../core/module.ts';

/**
 * Agents as API users: an MCP server at `/mcp` (Streamable HTTP) whose tools are REST routes of
 * the other domains, called with the caller's API key (docs/agents.md). It owns no rows, scopes
 * or events: a tool is its route, with the route's schema, scope, rules and request log.
 */
export const agentsModule = defineModule({
  name: 'agents',
  routes: async (ctx) => (await import('./mcp.ts')).registerMcpRoutes(ctx),
});
