/**
 * The contract's schemas are JSON Schema (draft-07) data: the server hands them to Fastify, whose
 * ajv compiles them; the client checks answers with `check` below, a small interpreter of the same
 * subset. A test runs one table of bodies through both and expects the same verdicts.
 *
 * What `check` adds to plain validation, each something ajv also does or ignores:
 * - `default`: an absent, null or empty value gives the default (ajv's `useDefaults: 'empty'`).
 * - `contentMediaType: 'application/json'` with `contentSchema`: a JSON-encoded string field is
 *   parsed and checked; one that does not parse or match turns the feature off (null and a warning,
 *   never a failure). ajv treats both keywords as annotations.
 * - `x-id`: an id, a string on the wire; a number is accepted and turned into a string. ajv is
 *   given the keyword as an annotation.
 * - Only declared properties are kept; undeclared ones are dropped.
 * - `$ref` names a schema by its `$id` (the one recursive shape, the FAQ tree).
 */
export interface Schema<T = unknown> {
  type?: TypeName | readonly TypeName[];
  enum?: readonly (string | number | boolean | null)[];
  properties?: Readonly<Record<string, Schema>>;
  required?: readonly string[];
  /** Only `true` (the JSON Schema default) is used: unknown fields are never an error. */
  additionalProperties?: true;
  items?: Schema;
  anyOf?: readonly Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
  contentMediaType?: 'application/json';
  contentSchema?: Schema;
  'x-id'?: true;
  /** Names a schema so a part of it can refer back to it (the FAQ tree's children). */
  $id?: string;
  $ref?: string;
  description?: string;
  /** Type-only: what a value that passes is. */
  readonly __type?: T;
}

export type TypeName = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/** A body that does not match the contract's schema. */
export class ShapeError extends Error {}

export type Warn = (message: string) => void;

const TYPE_NAMES: Record<TypeName, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const TYPE_CHECKS: Record<TypeName, (value: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  object: isObject,
  array: Array.isArray,
  null: (v) => v === null,
};

const fail = (path: string, expected: string): never => {
  throw new ShapeError(`${path} should be ${expected}`);
};

const isEmpty = (value: unknown) => value == null || value === '';

/**
 * Checks `value` (found at `path`) against `schema` and returns it typed, with defaults filled and
 * undeclared properties dropped; throws a ShapeError naming the path of the first problem.
 *
 * @example
 * check(answerSchemas.chatStart, data, 'data', console.warn) // ChatStartData, or throws
 */
export function check<T>(schema: Schema<T>, value: unknown, path = 'data', warn: Warn = () => {}): T {
  return walk(schema, value, path, warn) as T;
}

/** Schemas with an `$id` seen so far, for `$ref`. */
const named = new Map<string, Schema>();

function walk(given: Schema, value: unknown, path: string, warn: Warn): unknown {
  if (given.$id) named.set(given.$id, given);
  const schema = given.$ref ? (named.get(given.$ref) ?? fail(path, `described by ${given.$ref}`)) : given;
  if ('default' in schema && isEmpty(value)) {
    const fallback = schema.default;
    return Array.isArray(fallback) ? [...fallback] : fallback;
  }
  if (schema.contentMediaType === 'application/json' && schema.contentSchema) {
    try {
      return walk(schema.contentSchema, typeof value === 'string' ? JSON.parse(value) : value, path, warn);
    } catch (error) {
      warn(`${path} is not usable, feature turned off: ${(error as Error).message}`);
      return null;
    }
  }
  if (schema['x-id'] && typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (schema.anyOf) {
    let problem: unknown;
    for (const option of schema.anyOf) {
      try {
        return walk(option, value, path, warn);
      } catch (error) {
        problem = error;
      }
    }
    throw problem;
  }
  if (schema.type !== undefined) {
    const types: readonly TypeName[] = typeof schema.type === 'string' ? [schema.type] : schema.type;
    if (!types.some((type) => TYPE_CHECKS[type](value)))
      fail(path, types.map((type) => TYPE_NAMES[type]).join(' or '));
  }
  if (schema.enum && !schema.enum.includes(value as never)) fail(path, `one of ${schema.enum.join(', ')}`);
  if (typeof value === 'string') return text(schema, value, path);
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) fail(path, `at least ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) fail(path, `at most ${schema.maximum}`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems)
      fail(path, `a list of at least ${schema.minItems}`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems)
      fail(path, `a list of at most ${schema.maxItems}`);
    const items = schema.items;
    return items ? value.map((item, index) => walk(items, item, `${path}[${index}]`, warn)) : value;
  }
  if (isObject(value) && schema.properties) {
    const out: Record<string, unknown> = {};
    for (const key in schema.properties) {
      const field = schema.properties[key] as Schema;
      const given = value[key];
      // An optional property (no default, not required) given as null is absent.
      if (given == null && !('default' in field) && !schema.required?.includes(key)) continue;
      const checked = walk(field, given, `${path}.${key}`, warn);
      if (checked !== undefined) out[key] = checked;
    }
    return out;
  }
  return value;
}

function text(schema: Schema, value: string, path: string): string {
  // Code points, as ajv counts them.
  const length = schema.minLength !== undefined || schema.maxLength !== undefined ? [...value].length : 0;
  if (schema.minLength !== undefined && length < schema.minLength)
    fail(path, `at least ${schema.minLength} characters long`);
  if (schema.maxLength !== undefined && length > schema.maxLength)
    fail(path, `at most ${schema.maxLength} characters long`);
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value))
    fail(path, `a string matching ${schema.pattern}`);
  return value;
}

/**
 * The ajv options under which a JSON Schema validator gives the verdicts `check` gives: no type
 * coercion, defaults for absent, null or empty values, union types, and `x-id` known. The
 * reference server hands them to Fastify (`ajv.customOptions`).
 */
export const ajvOptions = {
  allowUnionTypes: true,
  coerceTypes: false,
  useDefaults: 'empty',
  keywords: ['x-id'],
} as const;
