import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config.ts';
import { coreLockNamespaces } from '../../src/core/locks.ts';
import { defineModule, moduleRegistry, moduleWorkers } from '../../src/core/module.ts';
import { sendJob, type Boss, type QueueName } from '../../src/core/queue.ts';
import { modules } from '../../src/modules.ts';
import { newId } from '../../src/payments/contract.ts';
import { relayLocks } from '../../src/relay/contract.ts';
import { workerNames } from '../../workers/registry.ts';

describe('domain modules', () => {
  it('every module worker is started by name, and two modules cannot name a worker alike', () => {
    const declared = modules.flatMap((module) => Object.keys(module.workers ?? {}));
    expect(workerNames.toSorted()).toEqual(declared.toSorted());
    const copy = defineModule({ name: 'copy', workers: { webhooks: async () => {} } });
    expect(() => moduleWorkers([...modules, copy])).toThrow('worker webhooks is declared twice (module copy)');
  });

  it('refuses a module that redeclares another one\'s queue, id kind or variable, or is listed twice', () => {
    const queue = defineModule({ name: 'queue-thief', queues: { payment_review: { payload: z.object({}), options: {} } } });
    expect(() => moduleRegistry([...modules, queue])).toThrow('queue payment_review is declared by modules payments and queue-thief');
    const prefix = defineModule({ name: 'prefix-thief', idPrefixes: { paymentIntent: 'pay' } });
    expect(() => moduleRegistry([...modules, prefix])).toThrow('id kind paymentIntent is declared twice (module prefix-thief)');
    const coreVariable = defineModule({ name: 'port-thief', config: { env: { PORT: z.string() } } });
    expect(() => loadConfig([...modules, coreVariable], {})).toThrow('PORT is declared by core and module port-thief');
    const domainVariable = defineModule({ name: 'relay-thief', config: { env: { RELAY_QUEUE_LIMIT: z.string() } } });
    expect(() => loadConfig([...modules, domainVariable], {})).toThrow('RELAY_QUEUE_LIMIT is declared by relay and module relay-thief');
    expect(() => moduleRegistry([modules[0], modules[0]])).toThrow(`module ${modules[0].name} is listed twice`);
  });

  it('keeps lock namespaces distinct: a module cannot take a name or a number already in use', () => {
    expect(relayLocks.otpNumber).toBe(72_707_302);
    const name = defineModule({ name: 'lock-name-thief', lockNamespaces: { otpNumber: 72_707_999 } });
    expect(() => moduleRegistry([...modules, name])).toThrow('lock namespace otpNumber is declared twice (module lock-name-thief)');
    const number = defineModule({ name: 'lock-number-thief', lockNamespaces: { elsewhere: coreLockNamespaces.migrations } });
    expect(() => moduleRegistry([...modules, number])).toThrow('lock namespace elsewhere of module lock-number-thief takes number 72707101, which migrations has');
  });

  it('reads every module\'s variables with their defaults, and names a bad one', () => {
    const config = loadConfig(modules, { YARROW_SECRET: 'x'.repeat(32) });
    expect(config.RELAY_QUEUE_LIMIT).toBe(50000);
    expect(config.PAYMENT_REVIEW_DELAY_SECONDS).toBe(30);
    expect(config.SIGNIN_ATTEMPTS_PER_ADDRESS).toBe(20);
    expect(config.webhookAllowPrivateUrls).toBeUndefined();
    expect(() => loadConfig(modules, { YARROW_SECRET: 'x'.repeat(32), RELAY_MAX_ATTEMPTS: '0' })).toThrow(/^Invalid configuration: RELAY_MAX_ATTEMPTS: /);
  });

  it('an undeclared queue or id kind fails loudly instead of sending or naming anything', async () => {
    const boss = { send: () => Promise.reject(new Error('sent')), queues: moduleRegistry(modules).queues } as unknown as Boss;
    await expect(sendJob(boss, 'no_such_queue' as QueueName, {} as never)).rejects.toThrow('Unknown queue no_such_queue: no module declares it');
    expect(() => newId('noSuchKind' as never)).toThrow('Unknown id kind noSuchKind: no module declares it');
    expect(newId('paymentIntent')).toMatch(/^pi_/);
  });
});
