import { MsgType } from './codes.js';

/** The spec's file types by extension (section 5); anything else is a generic file. */
export const MEDIA_EXTENSIONS = {
  image: ['jpeg', 'gif', 'jpg', 'png', 'bmp', 'pic', 'svg'],
  video: ['mp4', 'avi', 'mov', 'rmvb', 'rm', 'flv', '3gp'],
  audio: ['mp3', 'wav', 'ogg'],
} as const;

type FileMsgType = typeof MsgType.image | typeof MsgType.file | typeof MsgType.audio | typeof MsgType.video;

const TYPE_BY_EXTENSION = new Map<string, FileMsgType>();
for (const kind of ['image', 'video', 'audio'] as const) {
  for (const extension of MEDIA_EXTENSIONS[kind]) TYPE_BY_EXTENSION.set(extension, MsgType[kind]);
}

/**
 * The message type of a file name, by its extension (case-insensitive): image, audio, video, or a
 * generic file.
 *
 * @example
 * fileMsgType('Photo.JPG') // 2 (MsgType.image)
 */
export function fileMsgType(name: string): FileMsgType {
  const dot = name.lastIndexOf('.');
  return (dot < 0 ? undefined : TYPE_BY_EXTENSION.get(name.slice(dot + 1).toLowerCase())) ?? MsgType.file;
}
