import pg from 'pg';
import datamodel from '../../src/generated/dmmf.json' with { type: 'json' };

interface Field {
  name: string;
  dbName?: string | null;
  kind: 'scalar' | 'enum' | 'object' | 'unsupported';
  type: string;
  isList: boolean;
  isRequired: boolean;
  isUnique: boolean;
  isId: boolean;
  nativeType?: [string, string[]] | null;
  relationFromFields?: string[];
  relationToFields?: string[];
}
interface Model {
  name: string;
  dbName: string | null;
  fields: Field[];
  primaryKey: { fields: string[] } | null;
}
interface Index {
  model: string;
  type: 'id' | 'unique' | 'normal' | 'fulltext';
  /** `@@index(..., type: Gin)`; absent means the default (B-tree). */
  algorithm?: string;
  fields: Array<{ name: string; operatorClass?: string }>;
}

const models = datamodel.models as unknown as Model[];
const enums = datamodel.enums as Array<{ name: string; dbName?: string | null; values: Array<{ name: string; dbName?: string | null }> }>;
const indexes = datamodel.indexes as unknown as Index[];

/** Tables the migrations own that the Prisma schema deliberately leaves out. */
const tablesOutsideSchema = new Set(['_prisma_migrations', 'rate_limits']);

function expectedType(field: Field): string {
  if (field.kind === 'enum') {
    const definition = enums.find((candidate) => candidate.name === field.type);
    return definition?.dbName ?? field.type;
  }
  const native = field.nativeType?.[0];
  if (native) {
    const nativeMap: Record<string, string> = {
      Timestamptz: 'timestamptz',
      Timestamp: 'timestamp',
      VarChar: 'varchar',
      Char: 'bpchar',
      Text: 'text',
      Uuid: 'uuid',
      Integer: 'int4',
      SmallInt: 'int2',
      BigInt: 'int8',
      Decimal: 'numeric',
      Date: 'date',
      JsonB: 'jsonb',
      Json: 'json',
      Inet: 'inet',
      Citext: 'citext',
    };
    return nativeMap[native] ?? native.toLowerCase();
  }
  const scalarMap: Record<string, string> = {
    String: 'text',
    Int: 'int4',
    BigInt: 'int8',
    Float: 'float8',
    Decimal: 'numeric',
    Boolean: 'bool',
    DateTime: 'timestamp',
    Json: 'jsonb',
    Bytes: 'bytea',
  };
  return scalarMap[field.type] ?? field.type;
}

/**
 * Compares the Prisma schema (through Prisma's own DMMF) with a migrated database and lists every
 * difference: missing or extra tables and columns, types, nullability, keys, uniques, indexes,
 * foreign keys and enum values. An empty list means the migrations build exactly the schema.
 */
export async function diffSchema(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const columns = await client.query<{ table_name: string; column_name: string; udt_name: string; is_nullable: string }>(
      `SELECT table_name, column_name, udt_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    // Index method (btree, gin, …) and each column's operator class are compared too, so a trigram
    // GIN index (`@@index([name(ops: raw("gin_trgm_ops"))], type: Gin)`) cannot silently become a
    // B-tree. Expression indexes (no column) are missed by this query and Prisma cannot declare them: the one
    // there is (recipients_name_unaccent_trgm_idx) is proven used by test/relay/recipients.test.ts (EXPLAIN).
    const indexRows = await client.query<{ table_name: string; unique: boolean; primary: boolean; method: string; columns: string[]; opclasses: string[] }>(`
      SELECT t.relname AS table_name, ix.indisunique AS unique, ix.indisprimary AS primary, am.amname AS method,
             array_agg(a.attname::text ORDER BY k.ord) AS columns,
             array_agg(opc.opcname::text ORDER BY k.ord) AS opclasses
      FROM pg_index ix
      JOIN pg_class t ON t.oid = ix.indrelid
      JOIN pg_class i ON i.oid = ix.indexrelid
      JOIN pg_am am ON am.oid = i.relam
      JOIN pg_namespace n ON n.oid = t.relnamespace
      CROSS JOIN LATERAL unnest(ix.indkey, ix.indclass) WITH ORDINALITY AS k(attnum, opclass, ord)
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      JOIN pg_opclass opc ON opc.oid = k.opclass
      WHERE n.nspname = 'public'
      GROUP BY ix.indexrelid, t.relname, ix.indisunique, ix.indisprimary, am.amname`);
    const foreignKeys = await client.query<{ table_name: string; columns: string[]; referenced: string }>(`
      SELECT c.conrelid::regclass::text AS table_name, c.confrelid::regclass::text AS referenced,
             array_agg(a.attname::text ORDER BY k.ord) AS columns
      FROM pg_constraint c
      CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
      WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
      GROUP BY c.oid, c.conrelid, c.confrelid`);
    const enumRows = await client.query<{ name: string; values: string[] }>(`
      SELECT t.typname AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS values
      FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
      JOIN pg_namespace n ON n.oid = t.typnamespace WHERE n.nspname = 'public' GROUP BY t.typname`);

    const problems: string[] = [];
    const unquote = (name: string) => name.replace(/^"|"$/g, '');
    const tableColumns = new Map<string, Map<string, { udt: string; nullable: boolean }>>();
    for (const row of columns.rows) {
      if (!tableColumns.has(row.table_name)) tableColumns.set(row.table_name, new Map());
      tableColumns.get(row.table_name)!.set(row.column_name, { udt: row.udt_name, nullable: row.is_nullable === 'YES' });
    }
    const sameColumns = (a: string[], b: string[]) => a.length === b.length && a.every((value, i) => value === b[i]);

    for (const model of models) {
      const table = model.dbName ?? model.name;
      const actual = tableColumns.get(table);
      if (!actual) {
        problems.push(`table ${table} (model ${model.name}) is missing`);
        continue;
      }
      const columnOf = (fieldName: string) => {
        const field = model.fields.find((candidate) => candidate.name === fieldName);
        return field?.dbName ?? fieldName;
      };
      const stored = model.fields.filter((field) => field.kind === 'scalar' || field.kind === 'enum');
      for (const field of stored) {
        const column = field.dbName ?? field.name;
        const found = actual.get(column);
        if (!found) {
          problems.push(`column ${table}.${column} (${model.name}.${field.name}) is missing`);
          continue;
        }
        const type = (field.isList ? '_' : '') + expectedType(field);
        if (found.udt !== type) problems.push(`column ${table}.${column} has type ${found.udt}, schema says ${type}`);
        // Prisma leaves scalar lists nullable in the database.
        const nullable = field.isList ? true : !field.isRequired;
        if (found.nullable !== nullable) {
          problems.push(`column ${table}.${column} is ${found.nullable ? 'nullable' : 'NOT NULL'}, schema says ${nullable ? 'nullable' : 'NOT NULL'}`);
        }
      }
      const known = new Set(stored.map((field) => field.dbName ?? field.name));
      for (const column of actual.keys()) {
        if (!known.has(column)) problems.push(`column ${table}.${column} exists but is not in schema.prisma`);
      }
      const tableIndexes = indexRows.rows.filter((row) => row.table_name === table);
      const wanted: Array<{ kind: 'id' | 'unique' | 'normal'; columns: string[]; method?: string; opclasses?: Array<string | undefined> }> = [];
      for (const field of stored) {
        if (field.isId) wanted.push({ kind: 'id', columns: [columnOf(field.name)] });
        if (field.isUnique) wanted.push({ kind: 'unique', columns: [columnOf(field.name)] });
      }
      for (const index of indexes.filter((candidate) => candidate.model === model.name)) {
        if (index.type === 'fulltext') continue;
        if (index.type === 'id' && index.fields.length === 1) continue; // already covered by the field
        if (index.type === 'unique' && index.fields.length === 1) continue;
        wanted.push({
          kind: index.type,
          columns: index.fields.map((field) => columnOf(field.name)),
          method: (index.algorithm ?? 'BTree').toLowerCase(),
          opclasses: index.fields.map((field) => field.operatorClass),
        });
      }
      for (const want of wanted) {
        const match = tableIndexes.find(
          (row) =>
            sameColumns(row.columns, want.columns) &&
            (want.kind === 'id' ? row.primary : want.kind === 'unique' ? row.unique : !row.primary),
        );
        if (!match) {
          problems.push(`${want.kind} index on ${table}(${want.columns.join(', ')}) is missing`);
          continue;
        }
        if (want.method && match.method !== want.method) {
          problems.push(`index on ${table}(${want.columns.join(', ')}) uses ${match.method}, schema says ${want.method}`);
        }
        want.opclasses?.forEach((opclass, i) => {
          if (opclass && match.opclasses[i] !== opclass) {
            problems.push(`index on ${table}(${want.columns.join(', ')}) has operator class ${match.opclasses[i]}, schema says ${opclass}`);
          }
        });
      }
      for (const row of tableIndexes) {
        const expected = wanted.some((want) => sameColumns(row.columns, want.columns));
        if (!expected) problems.push(`index on ${table}(${row.columns.join(', ')}) exists but is not in schema.prisma`);
      }
      for (const field of model.fields.filter((candidate) => candidate.kind === 'object' && candidate.relationFromFields?.length)) {
        const target = models.find((candidate) => candidate.name === field.type)!;
        const fkColumns = field.relationFromFields!.map(columnOf);
        const found = foreignKeys.rows.some(
          (row) => unquote(row.table_name) === table && unquote(row.referenced) === (target.dbName ?? target.name) && sameColumns(row.columns, fkColumns),
        );
        if (!found) problems.push(`foreign key ${table}(${fkColumns.join(', ')}) → ${target.dbName ?? target.name} is missing`);
      }
    }
    const modelTables = new Set(models.map((model) => model.dbName ?? model.name));
    for (const table of tableColumns.keys()) {
      if (!modelTables.has(table) && !tablesOutsideSchema.has(table)) problems.push(`table ${table} exists but is not in schema.prisma`);
    }
    for (const definition of enums) {
      const name = definition.dbName ?? definition.name;
      const found = enumRows.rows.find((row) => row.name === name);
      const values = definition.values.map((value) => value.dbName ?? value.name);
      if (!found) problems.push(`enum ${name} is missing`);
      else if (!sameColumns(found.values, values)) problems.push(`enum ${name} has values ${found.values.join(',')}, schema says ${values.join(',')}`);
    }
    return problems;
  } finally {
    await client.end();
  }
}
