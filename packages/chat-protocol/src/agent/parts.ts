import { messageFields } from '../answers.js';
import { boolean, describes, type Infer, id, list, number, object, optional, string } from '../build.js';
import type { Schema } from '../schema.js';
import type { AgentMessage, Rating } from './types.js';

// Schema parts shared by the agent API's answer schemas (schemas.ts, inboxSchemas.ts).

export const text = string();
/** A value that is there, possibly null. */
export const nullable = <S extends Schema>(schema: S): Schema<Infer<S> | null> => {
  const given: Schema = schema;
  const types = typeof given.type === 'string' ? [given.type] : (given.type ?? []);
  return { ...given, type: [...types, 'null'] } as Schema<Infer<S> | null>;
};
export const nullableText = nullable(text);
export const time = number();
export const strings = list(text);

export const agentMessage = describes<AgentMessage>()(
  object(
    {
      ...messageFields,
      id,
      read: optional(boolean),
      emailedTo: optional(text),
      emailFailed: optional(text),
    },
    ['id', 'senderType', 'msgTime'],
  ),
);

export const rating = describes<Rating>()(
  object({ star: number(), tags: strings, content: optional(text) }, ['star', 'tags']),
);
