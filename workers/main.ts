// A worker process: `npm run worker -- diagnostics maintenance` (no names: every worker).
// Start as many as you like, on any host that reaches the database; pg-boss shares the jobs out.
import { serveWorkerMetrics } from '../src/core/metrics-server.ts';
import { exitOnStartupFailure, onShutdown, openRuntime } from '../src/core/process.ts';
import { modules } from '../src/modules.ts';
import { workerNames, workers } from './registry.ts';

const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const names = requested.length > 0 ? requested : workerNames;
const unknown = names.filter((name) => !(name in workers));
if (unknown.length > 0) {
  console.error(`Unknown worker(s): ${unknown.join(', ')}. Known: ${workerNames.join(', ')}.`);
  process.exit(2);
}

const rt = await openRuntime(`worker:${names.join('+')}`, { modules, supervise: true }).catch(exitOnStartupFailure);
for (const name of names) await workers[name]!(rt);
const metrics = await serveWorkerMetrics(rt).catch(exitOnStartupFailure);
rt.logger.info({ workers: names, metrics: `http://${rt.config.HOST}:${metrics.port}/metrics` }, 'workers running');
process.send?.({ type: 'ready', metricsPort: metrics.port });
onShutdown(rt.logger, async () => {
  await metrics.close();
  await rt.close();
});
