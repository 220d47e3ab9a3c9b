// `npm run postman`: runs the Postman collection of a running Yarrow in newman. The server is
// YARROW_URL when set, else http://localhost:$PORT (PORT as `npm start` reads it, default 4000);
// extra arguments go to newman (`npm run postman -- --env-var apiKey=yk_test_…`).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const newman = createRequire(import.meta.url).resolve('newman/bin/newman.js');
const base = (process.env.YARROW_URL || `http://localhost:${process.env.PORT || '4000'}`).replace(/\/+$/, '');
console.log(`newman: the collection of ${base}`);
const run = spawnSync(process.execPath, [newman, 'run', `${base}/api/postman.json`, '--env-var', `baseUrl=${base}`, ...process.argv.slice(2)], { stdio: 'inherit' });
if (run.error) console.error(`Could not start newman: ${run.error.message}`);
process.exit(run.status ?? 1);
