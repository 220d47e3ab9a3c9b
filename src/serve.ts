// The gateway process: `npm start` runs one; run more (with DATABASE_URL and another PORT) to scale.
import { buildGateway } from './gateway.ts';
import { loadConfigOrExit } from './core/config.ts';
import { onShutdown, openRuntime } from './core/process.ts';
import { readTlsFiles } from './core/tls.ts';

const config = loadConfigOrExit(readTlsFiles);
const rt = await openRuntime('gateway', { config });
const gateway = await buildGateway(rt);
const port = await gateway.start(rt.config.PORT);
rt.logger.info({ port, host: rt.config.HOST, protocol: gateway.protocol }, 'gateway listening');
process.send?.({ type: 'ready', port });
onShutdown(rt.logger, async () => {
  await gateway.stop();
  await rt.close();
});
