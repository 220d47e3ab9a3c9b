// The gateway process: `npm start` runs one; run more (with DATABASE_URL and another PORT) to scale.
import { buildGateway } from './gateway.ts';
import { modules } from './modules.ts';
import { exitOnStartupFailure, loadConfigOrExit, onShutdown, openRuntime } from './core/process.ts';

const rt = await openRuntime('gateway', { modules, config: loadConfigOrExit(modules) }).catch(exitOnStartupFailure);
const gateway = await buildGateway(rt).catch(exitOnStartupFailure);
const port = await gateway.start(rt.config.PORT).catch(exitOnStartupFailure);
rt.logger.info({ port, host: rt.config.HOST, protocol: gateway.protocol }, 'gateway listening');
process.send?.({ type: 'ready', port });
onShutdown(rt.logger, async () => {
  await gateway.stop();
  await rt.close();
});
