// `npm run schema:print` rewrites schema.graphql from the Pothos schema.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { printedSchema } from '../src/graphql/schema.ts';

writeFileSync(join(import.meta.dirname, '..', 'schema.graphql'), printedSchema());
console.log('schema.graphql written');
