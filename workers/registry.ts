import { moduleWorkers } from '../src/core/module.ts';
import { modules } from '../src/modules.ts';

/** Every worker by name, from the modules. `npm run worker -- <name…>` starts the named ones; `npm start` starts all. */
export const workers = moduleWorkers(modules);

export const workerNames = Object.keys(workers);
