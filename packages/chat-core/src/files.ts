import { ApiError, ErrorCode } from '@parley/chat-protocol';
import type { Conversation, Core } from './context.js';
import { engineText } from './strings.js';
import type { ChatMessage } from './types.js';

export { fileMsgType } from '@parley/chat-protocol';

/** A file the visitor sends: a Blob with a name (a browser File is one). */
export type OutgoingFile = Blob & { name: string };

/** A byte count for a visitor: "20 MB", "512 KB". */
export function formatLimit(bytes: number): string {
  const [size, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'MB'] : [bytes / 1024, 'KB'];
  return `${Number.isInteger(size) ? size : size.toFixed(1)} ${unit}`;
}

/**
 * Whether the server's announced limit (chatStart's `uploadLimit`) refuses this file: if so, the
 * visitor is told why before anything is uploaded.
 */
export function refuseTooLarge(
  engine: Pick<Core, 'get'> & Pick<Conversation, 'notice'>,
  file: OutgoingFile,
): boolean {
  const limit = engine.get().chatStart?.uploadLimit;
  if (limit === undefined || file.size <= limit) return false;
  tellTooLarge(engine, file);
  return true;
}

/** Tells the visitor a file is over the server's limit (the limit as chatStart gave it, if it did). */
function tellTooLarge(engine: Pick<Core, 'get'> & Pick<Conversation, 'notice'>, file: OutgoingFile) {
  const limit = engine.get().chatStart?.uploadLimit;
  engine.notice(engineText('uploadTooLarge', { name: file.name, limit: limit ? formatLimit(limit) : '?' }));
}

/**
 * Uploads as multipart (userId, file). Success needs code 200 and data (the API layer's envelope
 * and shape checks); the message gets the file's URL, or null (marked failed by the caller). A
 * refusal the visitor can act on is told: too large (413), a type the server does not take
 * (400), or today's upload quota reached (429); a dropped network only fails, and retry sends it
 * again.
 */
export async function uploadFile(
  engine: Pick<Core, 'api' | 'get' | 'logger'> & Pick<Conversation, 'notice'>,
  message: ChatMessage,
  file: OutgoingFile,
): Promise<ChatMessage | null> {
  const form = new FormData();
  form.append('userId', engine.get().userId);
  form.append('file', file, file.name);
  try {
    const data = await engine.api('upload', form);
    return { ...message, fileUrl: data.url };
  } catch (error) {
    engine.logger.warn('upload failed', error);
    if (error instanceof ApiError && error.kind === 'code') {
      if (error.code === ErrorCode.tooLarge) tellTooLarge(engine, file);
      else if (error.code === ErrorCode.badRequest)
        engine.notice(engineText('uploadRefused', { name: file.name }));
      else if (error.code === ErrorCode.tooManyRequests)
        engine.notice(engineText('uploadQuota', { name: file.name }));
    }
    return null;
  }
}
