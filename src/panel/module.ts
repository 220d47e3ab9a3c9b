import { z } from 'zod';
import { defineModule } from '../core/module.ts';
import { SANDBOX_PANEL_EMAIL, idPrefixes } from './contract.ts';

/** The merchant panel: sign-in, sessions and its pages (other domains add their nav entries). */
export const panelModule = defineModule({
  name: 'panel',
  routes: async (ctx) => (await import('./rest.ts')).registerPanelRoutes(ctx),
  graphqlSession: async (rt, request) => (await import('./users.ts')).graphqlSessionAuth(rt, request),
  idPrefixes,
  config: {
    env: {
      SIGNIN_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).max(100000).default(20),
      SIGNUP_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100000).default(10),
    },
  },
  banner: (config) => [['Panel', `${config.publicBaseUrl}/panel`]],
  sandbox: {
    seed: async ({ tx, accountId }) => (await import('./users.ts')).seedSandboxPanelUser(tx, accountId),
    later: [['Panel login', `${SANDBOX_PANEL_EMAIL}, password printed on the first start only.`]],
  },
});
