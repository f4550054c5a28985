import type { Schema, TypeName } from './schema.js';

type Limits = Omit<Schema, 'type' | 'items' | '__type'>;

// Small builders of JSON Schema data, so each shape reads as a list of fields. What they return is
// plain JSON Schema: it can be printed, served, or handed to any validator. Each also carries the
// TypeScript type of what passes it (`Infer`), worked out from the schema itself: an object's type
// is made from its fields, so a schema and its type cannot say different things.

/** What a value that passes `schema` is, as `check` returns it. */
export type Infer<S> = S extends Schema<infer T> ? (unknown extends T ? Written<S> : T) : never;

type TypeOfName = {
  string: string;
  number: number;
  integer: number;
  boolean: boolean;
  object: Record<string, unknown>;
  array: unknown[];
  null: null;
};
/** The type of a schema written as a literal (`{ type: 'boolean' }`) rather than with a builder. */
type Written<S> = S extends { readonly enum: readonly (infer E)[] }
  ? E
  : S extends { readonly anyOf: readonly (infer O)[] }
    ? Infer<O>
    : S extends { readonly type: infer N }
      ? N extends keyof TypeOfName
        ? TypeOfName[N]
        : N extends readonly (infer M extends keyof TypeOfName)[]
          ? TypeOfName[M]
          : unknown
      : unknown;

/** A schema with a default: its field is never absent from what `check` returns. */
type Defaulted = { readonly default: unknown };

type Simplify<T> = { [K in keyof T]: T[K] };

/**
 * An object's type from its fields, as JSON Schema passes it: a field listed as required, or with a
 * default, is always there; any other may be absent, or null where its schema allows null (an
 * `optional` one). (`check` goes further and drops a null: see `Loose`.)
 */
export type ObjectOf<P extends Readonly<Record<string, Schema>>, R extends string> = Simplify<
  { -readonly [K in keyof P as K extends R ? K : P[K] extends Defaulted ? K : never]: Infer<P[K]> } & {
    -readonly [K in keyof P as K extends R ? never : P[K] extends Defaulted ? never : K]?: Exclude<
      Infer<P[K]>,
      undefined
    >;
  }
>;

export const string = (limits: Limits = {}): Schema<string> => ({ type: 'string', ...limits });
export const number = (limits: Limits = {}): Schema<number> => ({ type: 'number', ...limits });
export const integer = (limits: Limits = {}): Schema<number> => ({
  type: 'integer',
  ...limits,
});
export const boolean: Schema<boolean> = { type: 'boolean' };
/** An id: a string on the wire; in answers a number is accepted and turned into one. */
export const id: Schema<string> = { type: ['string', 'number'], 'x-id': true };

export const withDefault = <S extends Schema>(
  schema: S,
  fallback: Infer<S>,
): Schema<Infer<S>> & { default: Infer<S> } =>
  ({ ...schema, default: fallback }) as Schema<Infer<S>> & { default: Infer<S> };

/** A value that is there, possibly null. */
export const nullable = <S extends Schema>(schema: S): Schema<Infer<S> | null> => {
  const given: Schema = schema;
  const types = typeof given.type === 'string' ? [given.type] : (given.type ?? []);
  return { ...given, type: [...types, 'null'] } as Schema<Infer<S> | null>;
};

/** A field that may be absent or null (null counts as absent). */
export const optional = <S extends Schema>(schema: S): Schema<Infer<S> | null | undefined> => {
  const given: Schema = schema;
  const types: readonly TypeName[] =
    given.type === undefined ? [] : typeof given.type === 'string' ? [given.type] : given.type;
  if (given.enum) return { ...given, enum: [...given.enum, null] } as Schema<Infer<S> | null | undefined>;
  return (types.length ? { ...given, type: [...types, 'null'] } : given) as Schema<
    Infer<S> | null | undefined
  >;
};

export const oneOf = <const T extends readonly (string | number)[]>(values: T): Schema<T[number]> => ({
  enum: values,
});

export const list = <S extends Schema>(items: S, limits: Limits = {}): Schema<Infer<S>[]> => ({
  type: 'array',
  items,
  ...limits,
});

/**
 * An object; fields listed in `required` must be present (a default counts as present). Its type
 * is made from the fields (`ObjectOf`).
 */
export const object = <
  const P extends Readonly<Record<string, Schema>>,
  const R extends keyof P & string = never,
>(
  properties: P,
  required: readonly R[] = [],
): Schema<ObjectOf<P, R>> => ({
  type: 'object',
  properties,
  ...(required.length && { required }),
});

/** Whether two types are the same type (not merely assignable one to the other). */
export type Same<A, B> =
  (<X>() => X extends Simplify<A> ? 1 : 2) extends <X>() => X extends Simplify<B> ? 1 : 2 ? true : false;

/**
 * A type with null taken out of the fields that may be absent, at every depth: `check` turns a
 * null there into absent, so a type that allows it (the wire's) and one that does not (what
 * `check` returns) say the same thing.
 */
type Loose<T> = T extends readonly (infer I)[]
  ? Loose<I>[]
  : T extends object
    ? {
        [K in keyof T]: undefined extends T[K]
          ? Loose<Exclude<T[K], null | undefined>> | undefined
          : Loose<T[K]>;
      }
    : T;

/**
 * `schema`, checked when compiled to describe exactly the type `T` (a named, documented type): a
 * field the schema leaves out, adds, requires or types differently is a compile error that shows
 * both. (Whether a field that may be absent may also be null is not compared: see `Loose`.)
 *
 * @example
 * const rating = describes<Rating>()(object({ star: number(), tags: strings }, ['star', 'tags']));
 */
export const describes =
  <T>() =>
  <S extends Schema>(
    schema: S &
      (Same<Loose<Infer<S>>, Loose<T>> extends true
        ? unknown
        : { 'the schema describes': Infer<S>; 'the type says': T }),
  ): Schema<T> =>
    schema as Schema<T>;

/**
 * A table of schemas, one per name of `R`, each checked when compiled to describe exactly its type
 * in `R` (as `describes` checks one): a table of answers cannot drift from the types its calls name.
 */
export const describesEach =
  <R>() =>
  <M extends { [K in keyof R]: Schema }>(
    table: M & {
      [K in keyof R]: Same<Loose<Infer<M[K]>>, Loose<R[K]>> extends true
        ? unknown
        : { 'the schema describes': Infer<M[K]>; 'the type says': R[K] };
    },
  ): { [K in keyof R]: Schema<R[K]> } =>
    table as unknown as { [K in keyof R]: Schema<R[K]> };

/**
 * A request body's schema, checked when compiled to describe exactly `T` as a server's validator
 * passes it: null included, where the schema allows it.
 */
export const describesBody =
  <T>() =>
  <S extends Schema>(
    schema: S &
      (Same<Infer<S>, T> extends true ? unknown : { 'the schema describes': Infer<S>; 'the type says': T }),
  ): Schema<T> =>
    schema as Schema<T>;

/** The same schema for each of `names`: fields that share a shape. */
export const each = <const N extends string, S extends Schema>(
  names: readonly N[],
  schema: S,
): Record<N, S> => Object.fromEntries(names.map((name) => [name, schema])) as Record<N, S>;

/** A JSON-encoded string field: parsed and checked; absent, empty or broken gives null. */
export const json = <T>(content: Schema<T>): Schema<T | null> & { default: null } => ({
  contentMediaType: 'application/json',
  contentSchema: content,
  default: null,
});
