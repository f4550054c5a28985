import { message } from '../answers.js';
import { boolean, list, number, object, optional, string } from '../build.js';
import type { Schema } from '../schema.js';
import type { AgentMessage, Rating } from './types.js';

// Schema parts shared by the agent API's answer schemas (schemas.ts, inboxSchemas.ts).

export const text = string();
/** A value that is there, possibly null. */
export const nullable = <T>(schema: Schema<T>): Schema<T | null> => ({
  ...schema,
  type: [...(typeof schema.type === 'string' ? [schema.type] : (schema.type ?? [])), 'null'],
});
export const nullableText = nullable(text);
export const time = number();
export const strings = list(text);

export const agentMessage = object<AgentMessage>(
  { ...message.properties, read: optional(boolean), emailedTo: optional(text), emailFailed: optional(text) },
  message.required ?? [],
);

export const rating = object<Rating>({ star: number(), tags: strings, content: optional(text) }, [
  'star',
  'tags',
]);
