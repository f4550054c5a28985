import { messageFields } from '../answers.js';
import { boolean, describes, id, list, nullable, number, object, optional, string } from '../build.js';
import type { AgentMessage, Rating } from './types.js';

// Schema parts shared by the agent API's answer schemas (schemas.ts, inboxSchemas.ts).

export { nullable };

export const text = string();
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
