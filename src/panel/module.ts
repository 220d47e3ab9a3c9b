import { defineModule } from '../core/module.ts';

/** The merchant panel: sign-in, sessions and its pages (other domains add their nav entries). */
export const panelModule = defineModule({
  name: 'panel',
  routes: async (ctx) => (await import('./rest.ts')).registerPanelRoutes(ctx),
  idPrefixes: { panelUser: 'usr' },
  panelPages: [{ path: 'keys', title: 'API keys' }],
});
