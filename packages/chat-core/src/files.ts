import type { Core } from './context.js';
import type { ChatMessage } from './types.js';

export { fileMsgType } from '@parley/chat-protocol';

/** A file the visitor sends: a Blob with a name (a browser File is one). */
export type OutgoingFile = Blob & { name: string };

/**
 * Uploads as multipart (userId, file). Success needs code 200 and data (the API layer's envelope
 * and shape checks); the message gets the file's URL, or is marked failed.
 */
export async function uploadFile(
  engine: Pick<Core, 'attempt' | 'get'>,
  message: ChatMessage,
  file: OutgoingFile,
): Promise<ChatMessage | null> {
  const form = new FormData();
  form.append('userId', engine.get().userId);
  form.append('file', file, file.name);
  const data = await engine.attempt('upload', form);
  return data ? { ...message, fileUrl: data.url } : null;
}
