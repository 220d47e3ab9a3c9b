import { accountsModule } from './accounts/module.ts';
import { agentsModule } from './agents/module.ts';
import { moduleRegistry, type ModuleConfig, type ModuleErrorCode, type ModuleEventType, type ModuleQueues, type ModuleScope, type ModuleTopics } from './core/module.ts';
import { panelModule } from './panel/module.ts';
import { paymentsModule } from './payments/module.ts';
import { relayModule } from './relay/module.ts';
import { systemModule } from './system/module.ts';
import { webhooksModule } from './webhooks/module.ts';

/**
 * Every domain of Yarrow, in the order their routes register and their nav entries show. A new
 * domain is a folder with a `module.ts`, listed here; nothing else in `src/` names it.
 * Only the composition roots import this list (`npm start`, the gateway, workers, scripts, tests):
 * they hand it to `openRuntime`, which builds what the modules declare into `rt.modules`. Loading
 * it has no side effect, and no domain file imports it (they read `rt.modules`).
 */
export const modules = [systemModule, accountsModule, panelModule, paymentsModule, webhooksModule, relayModule, agentsModule] as const;

type Modules = typeof modules;

/** Every permission and event name, for the roots and tests that have no runtime (`rt.modules` has the same). */
export const { scopes, eventTypes } = moduleRegistry(modules);

// The modules' declarations become the types `core/` checks against, without `core/` naming a domain.
declare module './core/auth.ts' {
  interface ScopeNames extends Record<ModuleScope<Modules>, true> {}
}
declare module './core/config.ts' {
  interface ConfigSections extends ModuleConfig<Modules> {}
}
declare module './core/queue.ts' {
  interface QueueRegistry extends ModuleQueues<Modules> {}
}
declare module './core/errors.ts' {
  interface DomainErrorCodes extends Record<ModuleErrorCode<Modules>, true> {}
}
declare module './core/module.ts' {
  interface EventTypeNames extends Record<ModuleEventType<Modules>, true> {}
}
declare module './core/pubsub.ts' {
  interface Topics extends ModuleTopics<Modules> {}
}
