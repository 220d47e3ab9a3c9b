import { defineModule, liveTopic } from '../core/module.ts';

export interface ApiKeyChange {
  keyId: string;
  change: 'created' | 'revoked';
  at: string;
}

/** Accounts, API keys and their scopes. */
export const accountsModule = defineModule({
  name: 'accounts',
  routes: async (ctx) => (await import('./rest.ts')).registerAccountRoutes(ctx),
  graphql: () => import('./graphql.ts'),
  scopes: ['account.read', 'keys.manage'],
  idPrefixes: { apiKey: 'key' },
  topics: {
    /** An account's API keys changed: the panel's keys page reloads. */
    apiKeysChanged: liveTopic<number, ApiKeyChange>(),
  },
});
