#!/usr/bin/env node
// Writes Prisma's full DMMF (database names, native types, indexes) to JSON. The generated client
// keeps only a runtime subset, and test/core/migrations.test.ts needs all of it to prove that the
// migrations build exactly the schema in prisma/schema/.
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import helper from '@prisma/generator-helper';

helper.generatorHandler({
  onManifest: () => ({ prettyName: 'Yarrow DMMF snapshot', defaultOutput: '../src/generated/dmmf.json' }),
  onGenerate: async (options) => {
    const output = options.generator.output?.value;
    if (!output) throw new Error('dmmf generator: no output path');
    mkdirSync(dirname(output), { recursive: true });
    writeFileSync(output, JSON.stringify(options.dmmf.datamodel, null, 1));
  },
});
