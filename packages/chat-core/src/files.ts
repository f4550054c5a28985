import type { Engine } from './context.js';
import type { ChatMessage } from './types.js';

/** msgType by extension (spec section 5); anything else is a generic file (4). */
const TYPE_BY_EXTENSION: Record<string, 2 | 5 | 6> = {};
for (const [type, extensions] of [
  [2, 'jpeg gif jpg png bmp pic svg'],
  [6, 'mp4 avi mov rmvb rm flv 3gp'],
  [5, 'mp3 wav ogg'],
] as const) {
  for (const extension of extensions.split(' ')) TYPE_BY_EXTENSION[extension] = type;
}

/**
 * The message type of a file name: 2 image, 5 audio, 6 video, 4 anything else (case-insensitive).
 *
 * @example
 * fileMsgType('Photo.JPG') // 2
 */
export function fileMsgType(name: string): 2 | 4 | 5 | 6 {
  const dot = name.lastIndexOf('.');
  return (dot < 0 ? undefined : TYPE_BY_EXTENSION[name.slice(dot + 1).toLowerCase()]) ?? 4;
}

/** A file the visitor sends: a Blob with a name (a browser File is one). */
export type OutgoingFile = Blob & { name: string };

/**
 * Uploads as multipart (userId, file). Success needs code 200 and data (the API layer's envelope
 * and shape checks); the message gets the file's URL, or is marked failed.
 */
export async function uploadFile(
  engine: Engine,
  message: ChatMessage,
  file: OutgoingFile,
): Promise<ChatMessage | null> {
  const form = new FormData();
  form.append('userId', engine.get().userId);
  form.append('file', file, file.name);
  const data = await engine.attempt('upload', form);
  return data ? { ...message, fileUrl: data.url } : null;
}
