import type { Schema, TypeName } from './schema.js';

type Limits = Omit<Schema, 'type' | 'items' | '__type'>;

// Small builders of JSON Schema data, so each shape reads as a list of fields. What they return is
// plain JSON Schema: it can be printed, served, or handed to any validator.

export const string = (limits: Limits = {}): Schema<string> => ({ type: 'string', ...limits });
export const number = (limits: Limits = {}): Schema<number> => ({ type: 'number', ...limits });
export const integer = (limits: Limits = {}): Schema<number> => ({
  type: 'integer',
  ...limits,
});
export const boolean: Schema<boolean> = { type: 'boolean' };
/** An id: a string on the wire; in answers a number is accepted and turned into one. */
export const id: Schema<string> = { type: ['string', 'number'], 'x-id': true };

export const withDefault = <T>(schema: Schema<T>, fallback: T): Schema<T> => ({
  ...schema,
  default: fallback,
});

/** A field that may be absent or null (null counts as absent). */
export const optional = <T>(schema: Schema<T>): Schema<T | undefined> => {
  const types: readonly TypeName[] =
    schema.type === undefined ? [] : typeof schema.type === 'string' ? [schema.type] : schema.type;
  if (schema.enum) return { ...schema, enum: [...schema.enum, null] };
  return types.length ? { ...schema, type: [...types, 'null'] } : schema;
};

export const oneOf = <const T extends readonly (string | number)[]>(values: T): Schema<T[number]> => ({
  enum: values,
});

export const list = <T>(items: Schema<T>, limits: Limits = {}): Schema<T[]> => ({
  type: 'array',
  items,
  ...limits,
});

/** An object; fields listed in `required` must be present (a default counts as present). */
export const object = <T>(
  properties: Record<string, Schema>,
  required: readonly string[] = [],
): Schema<T> => ({
  type: 'object',
  properties,
  ...(required.length && { required }),
});

/** A JSON-encoded string field: parsed and checked; absent, empty or broken gives null. */
export const json = <T>(content: Schema<T>): Schema<T | null> => ({
  contentMediaType: 'application/json',
  contentSchema: content,
  default: null,
});
