import { accountsModule } from './accounts/module.ts';
import type { Scope } from './core/auth.ts';
import { installModules, type ModuleConfig, type ModuleErrorCode, type ModuleEventType, type ModuleIdPrefixes, type ModuleLockNamespace, type ModuleQueues, type ModuleScope, type ModuleTopics } from './core/module.ts';
import { panelModule } from './panel/module.ts';
import { paymentsModule } from './payments/module.ts';
import { relayModule } from './relay/module.ts';
import { systemModule } from './system/module.ts';
import { webhooksModule } from './webhooks/module.ts';

/**
 * Every domain of Yarrow, in the order their routes register and their nav entries show. A new
 * domain is a folder with a `module.ts`, listed here; nothing else in `src/` names it.
 * Every process loads this file first (the gateway, workers, `npm start`, scripts, tests).
 */
export const modules = [systemModule, accountsModule, panelModule, paymentsModule, webhooksModule, relayModule] as const;

installModules(modules);

type Modules = typeof modules;

/** Every permission an API key can carry, in module order (see `Scope` in core/auth.ts). */
export const scopes = modules.flatMap((module): readonly Scope[] => module.scopes ?? []) as readonly Scope[];

/** Every event name a module declares (`recordEvent` accepts these; endpoints subscribe to them). */
export type EventType = ModuleEventType<Modules>;
export const eventTypes = modules.flatMap((module): readonly EventType[] => module.eventTypes ?? []) as readonly EventType[];

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
declare module './core/ids.ts' {
  interface IdPrefixes extends ModuleIdPrefixes<Modules> {}
}
declare module './core/locks.ts' {
  interface LockNamespaces extends Record<ModuleLockNamespace<Modules>, number> {}
}
declare module './core/pubsub.ts' {
  interface Topics extends ModuleTopics<Modules> {}
}
