import { z } from 'zod';

// Billing's commands are camelCase (what its services take). A command's fields are written once,
// as a camelCase zod shape: GraphQL parses its input with `z.strictObject(shape)`, and REST with
// `restSchema(shape)`, the same fields under their snake_case names, turned into the same command.

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const camel = (name: string) => name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/** An object field's schema under snake_case names (nested objects too); other schemas (arrays of objects whose keys are one word) as they are. */
function snakeField(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional) return snakeField(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodObject) return snakeObject(schema.shape as z.ZodRawShape);
  return schema;
}

function snakeObject(shape: z.ZodRawShape) {
  return z.strictObject(Object.fromEntries(Object.entries(shape).map(([key, field]) => [snake(key), snakeField(field as z.ZodType)])));
}

function camelize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelize);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [camel(key), key === 'metadata' ? field : camelize(field)]));
  }
  return value;
}

/** The REST body of a command: its fields under snake_case names, parsed into the camelCase command. */
export function restSchema<Shape extends z.ZodRawShape>(shape: Shape): z.ZodType<z.output<z.ZodObject<Shape>>> {
  return snakeObject(shape).transform((body) => camelize(body) as z.output<z.ZodObject<Shape>>) as unknown as z.ZodType<z.output<z.ZodObject<Shape>>>;
}
