import { z } from 'zod';

// Services take camelCase commands; REST speaks snake_case. A command's fields are written once, as
// a camelCase zod shape (with its object-wide rule, `check`): GraphQL parses its input with
// `commandSchema(shape, check)`, REST with `restSchema(shape, check)`, the same fields under their
// snake_case names (so zod's refusals name the REST param), turned into the same command.

export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
export const camelCase = (name: string) => name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/** An object-wide rule of a command, over its camelCase fields; its issues name camelCase paths. */
export type CommandCheck<Shape extends z.ZodRawShape> = (command: z.output<z.ZodObject<Shape>>, ctx: z.RefinementCtx) => void;

/**
 * A field's schema under snake_case names: a nested object's keys renamed (its own checks kept), an
 * optional or defaulted one's inner schema likewise, an array's elements likewise (its bounds kept),
 * its description and examples carried over; other schemas as they are.
 */
function snakeField(schema: z.ZodType): z.ZodType {
  let snaked: z.ZodType;
  if (schema instanceof z.ZodOptional) {
    snaked = snakeField(schema.unwrap() as z.ZodType).optional();
  } else if (schema instanceof z.ZodDefault) {
    // A fresh default each parse, as the original's (its def hands out a copy each time).
    snaked = snakeField(schema.unwrap() as z.ZodType).default(() => schema._zod.def.defaultValue as never);
  } else if (schema instanceof z.ZodObject) {
    snaked = (schema as z.ZodType).clone({ ...schema._zod.def, shape: snakeShape(schema.shape as z.ZodRawShape) } as never);
  } else if (schema instanceof z.ZodArray && schema.element instanceof z.ZodObject) {
    snaked = (schema as z.ZodType).clone({ ...schema._zod.def, element: snakeField(schema.element as z.ZodType) } as never);
  } else {
    return schema;
  }
  const meta = schema.meta();
  if (!meta) return snaked;
  return snaked.meta(meta.examples ? { ...meta, examples: (meta.examples as unknown[]).map(snakeKeys) } : meta);
}

const snakeShape = (shape: z.ZodRawShape) => Object.fromEntries(Object.entries(shape).map(([key, field]) => [snakeCase(key), snakeField(field as z.ZodType)]));
const snakeObject = (shape: z.ZodRawShape) => z.strictObject(snakeShape(shape));

/** An example's keys in snake_case (nested objects too). */
function snakeKeys(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [snakeCase(key), key === 'metadata' ? field : snakeKeys(field)]));
}

/**
 * Turns a parsed REST body back into its command: the renames `snakeField` made, undone by the
 * shape's own names, computed once per schema (a renamer per nested object, and per array of
 * objects); values of any other field (metadata, custom headers, a list of values) are left as sent,
 * whatever their keys.
 */
type Renamer = (value: unknown) => unknown;
function renamerOf(schema: z.ZodType): Renamer | undefined {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) return renamerOf(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodObject) return objectRenamer(schema.shape as z.ZodRawShape);
  if (schema instanceof z.ZodArray && schema.element instanceof z.ZodObject) {
    const element = objectRenamer(schema.element.shape as z.ZodRawShape);
    return (value) => (Array.isArray(value) ? value.map(element) : value);
  }
  return undefined;
}
function objectRenamer(shape: z.ZodRawShape): Renamer {
  const fields = Object.entries(shape).map(([camel, field]) => ({ snake: snakeCase(camel), camel, inner: renamerOf(field as z.ZodType) }));
  return (value) => {
    if (!value || typeof value !== 'object') return value;
    const body = value as Record<string, unknown>;
    const command: Record<string, unknown> = {};
    for (const { snake, camel, inner } of fields) if (snake in body) command[camel] = inner ? inner(body[snake]) : body[snake];
    return command;
  };
}

/** A command's camelCase schema (GraphQL's input, a service's own callers): its fields, then its check. */
export function commandSchema<Shape extends z.ZodRawShape>(shape: Shape, check?: CommandCheck<Shape>) {
  const fields = z.strictObject(shape);
  return check ? fields.superRefine(check) : fields;
}

/**
 * The REST body of a command: its fields under snake_case names, parsed into the camelCase command
 * (renamed once, then the check runs on the command, its issues named in snake_case).
 */
export function restSchema<Shape extends z.ZodRawShape>(shape: Shape, check?: CommandCheck<Shape>): z.ZodType<z.output<z.ZodObject<Shape>>> {
  const rename = objectRenamer(shape);
  const command = snakeObject(shape).transform((body) => rename(body) as z.output<z.ZodObject<Shape>>);
  if (!check) return command as unknown as z.ZodType<z.output<z.ZodObject<Shape>>>;
  return command.superRefine((parsed, ctx) => {
    const snakeIssues: z.RefinementCtx = {
      ...ctx,
      addIssue: (issue) => ctx.addIssue(typeof issue === 'string' ? issue : { ...issue, path: issue.path?.map((key) => (typeof key === 'string' ? snakeCase(key) : key)) }),
    };
    check(parsed, snakeIssues);
  }) as unknown as z.ZodType<z.output<z.ZodObject<Shape>>>;
}
