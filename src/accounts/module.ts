import { defineModule, liveTopic, type PageHtml } from '../core/module.ts';
import { idPrefixes, type ApiKeyChange } from './contract.ts';

/** Accounts, API keys and their scopes. */
export const accountsModule = defineModule({
  name: 'accounts',
  routes: async (ctx) => (await import('./rest.ts')).registerAccountRoutes(ctx),
  postman: async () => (await import('./postman.ts')).postmanFolders,
  graphql: async (modules) => (await import('./graphql.ts')).addScopeTypes(modules),
  scopes: ['account.read', 'keys.manage', 'logs.read'],
  idPrefixes,
  panelPages: [
    { path: 'keys', title: 'API keys', group: 'Developers', summary: 'API keys page: create, list and revoke keys', script: 'keys.js', body: async (rt): Promise<PageHtml> => (await import('./panel.ts')).keysPage(rt.modules.scopes) },
    {
      path: 'test-clock',
      title: 'Test clock', group: 'Developers',
      summary: "Test clock page: freeze the sandbox account's time, advance it (running what falls due), delete it",
      script: 'test-clock.js',
      body: async () => (await import('./panel.ts')).testClockPage(),
    },
    {
      path: 'requests',
      title: 'Request log', group: 'Developers',
      summary: "Request log page: the account's API requests, searchable, with their bodies (secrets removed) and the events they caused",
      script: 'requests.js',
      body: async () => (await import('./panel.ts')).requestsPage(),
    },
  ],
  panelAssets: `${import.meta.dirname}/panel-assets`,
  sandbox: {
    seed: async ({ tx, config, modules, accountId }) => (await import('./service.ts')).seedSandboxKey({ config, modules }, tx, accountId),
    later: [['Sandbox API key', 'printed on the first start only. Make another with the createApiKey mutation\n  or `npm run sandbox-key`.']],
  },
  topics: {
    /** An account's API keys changed: the panel's keys page reloads. */
    apiKeysChanged: liveTopic<number, ApiKeyChange>(),
  },
});
