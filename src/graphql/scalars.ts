import { YarrowError } from '../core/errors.ts';
import { builder } from './builder.ts';

builder.scalarType('DateTime', {
  description: 'An ISO 8601 timestamp in UTC.',
  serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new YarrowError('invalid_request', 'Invalid DateTime.');
    return date;
  },
});

builder.scalarType('JSONObject', {
  description: 'A JSON object.',
  serialize: (value) => value,
  parseValue: (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new YarrowError('invalid_request', 'Expected a JSON object.');
    }
    return value as Record<string, unknown>;
  },
});
