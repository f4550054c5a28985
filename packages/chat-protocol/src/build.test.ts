import { describe, expect, expectTypeOf, it } from 'vitest';
import { editableTexts } from './agent/admin.js';
import type { PathParams } from './agent/routes.js';
import { agentAnswerSchemas } from './agent/schemas.js';
import type { AgentAnswer } from './agent/types.js';
import { answerSchemas } from './answers.js';
import {
  boolean,
  describes,
  describesBody,
  describesEach,
  each,
  type Infer,
  type id,
  list,
  number,
  object,
  oneOf,
  optional,
  string,
  withDefault,
} from './build.js';
import { check, type Schema } from './schema.js';
import type { CallResults } from './types.js';

// The schema builders carry the type of what passes them, worked out from the schema: these tests
// are compiled by the typecheck (a `@ts-expect-error` that stops being an error fails it) and the
// runtime half shows `check` returns what the type says.

const storedExample = {
  titleDesc: 'Help',
  receiveMode: 3,
  robotName: 'Robo',
  robotWelcomeMode: 0,
  robotWelcomeMsg: 'Hi',
  adminOfflineMode: 1,
  adminOfflineMsg: 'Away',
  userQueueMode: 1,
  userQueueMsg: 'You are ##',
  unWorkingMode: 0,
  unWorkingMsg: 'Closed',
  userOverMsg: 'Bye',
  adminCloseMode: 1,
  adminCloseMsg: 'Closed by agent',
  evaluateMode: 1,
} as const;

interface Card {
  title: string;
  stars: number;
  tags?: string[];
  kind: 'a' | 'b';
}

const card = object(
  {
    title: string(),
    stars: withDefault(number(), 0),
    tags: optional(list(string())),
    kind: oneOf(['a', 'b']),
  },
  ['title', 'kind'],
);

describe('the schema builders', () => {
  it('should type an object from its fields: required and defaulted ones present, the rest optional', () => {
    expectTypeOf<Infer<typeof card>>().toEqualTypeOf<{
      title: string;
      stars: number;
      kind: 'a' | 'b';
      tags?: string[] | null;
    }>();
    const value = check(card, { title: 'Hi', kind: 'a', tags: null, extra: 1 });
    expect(value).toEqual({ title: 'Hi', stars: 0, kind: 'a' });
    expectTypeOf(value).toEqualTypeOf<Infer<typeof card>>();
  });

  it('should type a literal schema by its type name, and each() field by its schema', () => {
    expectTypeOf<Infer<{ type: 'boolean' }>>().toEqualTypeOf<boolean>();
    expectTypeOf<Infer<{ type: readonly ['string', 'null'] }>>().toEqualTypeOf<string | null>();
    expectTypeOf<Infer<typeof id>>().toEqualTypeOf<string>();
    const fields = object(each(['a', 'b'] as const, withDefault(boolean, false)));
    expectTypeOf<Infer<typeof fields>>().toEqualTypeOf<{ a: boolean; b: boolean }>();
    expect(check(fields, {})).toEqual({ a: false, b: false });
  });

  it('should accept a schema that describes its named type exactly, and refuse one that drifts', () => {
    expect(describes<Card>()(card)).toBe(card);
    const fields = { title: string(), stars: withDefault(number(), 0), tags: optional(list(string())) };
    const kind = oneOf(['a', 'b']);
    // A field the type has and the schema leaves out (the field `check` would drop).
    const noTags = object({ title: string(), stars: number(), kind }, ['title', 'stars', 'kind']);
    // @ts-expect-error the schema has no `tags`
    describes<Card>()(noTags);
    const extra = object({ ...fields, kind, extra: string() }, ['title', 'kind']);
    // @ts-expect-error the type has no `extra`
    describes<Card>()(extra);
    const mistyped = object({ ...fields, stars: withDefault(string(), ''), kind }, ['title', 'kind']);
    // @ts-expect-error `stars` is a string in the schema
    describes<Card>()(mistyped);
    const notRequired = object({ ...fields, kind }, ['kind']);
    // @ts-expect-error `title` may be absent by the schema
    describes<Card>()(notRequired);
    const wider = object({ ...fields, kind: oneOf(['a', 'b', 'c']) }, ['title', 'kind']);
    // @ts-expect-error `kind` may be 'c' by the schema
    describes<Card>()(wider);
  });

  it('should hold a request body to what the server validator passes, null included', () => {
    const body = object({ userId: string(), email: optional(string()), note: string() }, ['userId']);
    describesBody<{ userId: string; email?: string | null; note?: string }>()(body);
    // @ts-expect-error `email` may be null: a handler that assumes string | undefined is wrong
    describesBody<{ userId: string; email?: string; note?: string }>()(body);
  });

  it('should check a whole table of answers against the types its calls name', () => {
    const table = describesEach<{ one: Card; two: boolean }>()({ one: card, two: boolean });
    expectTypeOf(table.one).toEqualTypeOf<Schema<Card>>();
    // @ts-expect-error `two` is described as a number
    describesEach<{ one: Card; two: boolean }>()({ one: card, two: number() });
    expectTypeOf(answerSchemas.chatStart).toEqualTypeOf<Schema<CallResults['chatStart']>>();
    expectTypeOf(agentAnswerSchemas.poll).toEqualTypeOf<Schema<AgentAnswer<'poll'>>>();
  });

  it("should read a path's parameters from the path itself", () => {
    expectTypeOf<PathParams<'/api/agent/chats/:sessionId/messages/:messageId'>>().toEqualTypeOf<
      'sessionId' | 'messageId'
    >();
    expectTypeOf<PathParams<'/api/agent/me'>>().toEqualTypeOf<never>();
  });

  it('should read stored modes the console does not offer as off, and keep every text', () => {
    const stored = { ...editableTexts(storedExample), evaluateMode: 2, receiveMode: 1, robotWelcomeMode: 1 };
    expect(editableTexts(stored)).toEqual({
      ...storedExample,
      evaluateMode: 0,
      receiveMode: 0,
      robotWelcomeMode: 1,
    });
  });
});
