import { z } from 'zod';

// Services take camelCase commands; REST speaks snake_case. A command's fields are written once, as
// a camelCase zod shape (with its object-wide rule, `check`): GraphQL parses its input with
// `commandSchema(shape, check)`, REST with `restSchema(shape, check)`, the same fields under their
// snake_case names (so zod's refusals name the REST param), turned into the same command.

export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
export const camelCase = (name: string) => name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/** An object-wide rule of a command, over its camelCase fields; its issues name camelCase paths. */
export type CommandCheck<Shape extends z.ZodRawShape> = (command: z.output<z.ZodObject<Shape>>, ctx: z.RefinementCtx) => void;

/** An object field's schema under snake_case names (nested objects too); other schemas (arrays of objects whose keys are one word) as they are. */
function snakeField(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional) return snakeField(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodObject) return snakeObject(schema.shape as z.ZodRawShape);
  return schema;
}

function snakeObject(shape: z.ZodRawShape) {
  return z.strictObject(Object.fromEntries(Object.entries(shape).map(([key, field]) => [snakeCase(key), snakeField(field as z.ZodType)])));
}

function camelize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelize);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [camelCase(key), key === 'metadata' ? field : camelize(field)]));
  }
  return value;
}

/** A command's camelCase schema (GraphQL's input, a service's own callers): its fields, then its check. */
export function commandSchema<Shape extends z.ZodRawShape>(shape: Shape, check?: CommandCheck<Shape>) {
  const fields = z.strictObject(shape);
  return check ? fields.superRefine(check) : fields;
}

/** The REST body of a command: its fields under snake_case names, parsed into the camelCase command (the check's issues named in snake_case). */
export function restSchema<Shape extends z.ZodRawShape>(shape: Shape, check?: CommandCheck<Shape>): z.ZodType<z.output<z.ZodObject<Shape>>> {
  const fields = snakeObject(shape);
  const checked = check
    ? fields.superRefine((body, ctx) => {
        const snakeIssues: z.RefinementCtx = {
          ...ctx,
          value: camelize(body),
          addIssue: (issue) =>
            ctx.addIssue(typeof issue === 'string' ? issue : { ...issue, path: issue.path?.map((key) => (typeof key === 'string' ? snakeCase(key) : key)) }),
        };
        check(camelize(body) as z.output<z.ZodObject<Shape>>, snakeIssues);
      })
    : fields;
  return checked.transform((body) => camelize(body) as z.output<z.ZodObject<Shape>>) as unknown as z.ZodType<z.output<z.ZodObject<Shape>>>;
}
