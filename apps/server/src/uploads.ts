import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { MEDIA_EXTENSIONS } from '@parley/chat-protocol';
import { fileTypeFromBuffer } from 'file-type';
import { ApiError } from './errors.js';
import { randomId } from './ids.js';

// Spec section 5: the contract's lists decide a file's type by extension.
export const IMAGE_EXTENSIONS: readonly string[] = MEDIA_EXTENSIONS.image;
export const VIDEO_EXTENSIONS: readonly string[] = MEDIA_EXTENSIONS.video;
export const AUDIO_EXTENSIONS: readonly string[] = MEDIA_EXTENSIONS.audio;
/** "Anything else is a generic file": the generic files this server accepts (documents and archives). */
export const FILE_EXTENSIONS = ['pdf', 'txt', 'csv', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'zip'];

export const ALLOWED_EXTENSIONS: readonly string[] = [
  ...IMAGE_EXTENSIONS,
  ...VIDEO_EXTENSIONS,
  ...AUDIO_EXTENSIONS,
  ...FILE_EXTENSIONS,
];

/** What the sniffed content may be for each extension (file-type's `ext`). */
const SNIFFED: Record<string, string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  gif: ['gif'],
  bmp: ['bmp'],
  mp4: ['mp4', 'm4v', 'mov', 'm4a'],
  mov: ['mov', 'mp4', 'qt'],
  '3gp': ['3gp', '3g2', 'mp4'],
  avi: ['avi'],
  flv: ['flv'],
  mp3: ['mp3'],
  wav: ['wav'],
  ogg: ['ogg', 'oga', 'ogv', 'opus', 'ogx'],
  pdf: ['pdf'],
  zip: ['zip'],
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  pptx: ['pptx', 'zip'],
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
};

const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  '3gp': 'video/3gpp',
  avi: 'video/x-msvideo',
  flv: 'video/x-flv',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
};

/** Types a browser may show in place; everything else (SVG included) is only downloaded. */
const INLINE = new Set(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'mp4', 'mov', 'mp3', 'wav', 'ogg']);

export const isInline = (suffix: string) => INLINE.has(suffix);

export interface CheckedFile {
  suffix: string;
  mime: string;
  inline: boolean;
}

const refused = (message: string) => new ApiError(400, message);

const looksLikeText = (bytes: Buffer) =>
  !bytes.includes(0) && Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes);

/**
 * Accepts a file only when its extension is on the allow-list and its content is what the
 * extension says (a renamed executable or HTML page is refused).
 */
export async function checkFile(name: string, bytes: Buffer): Promise<CheckedFile> {
  const suffix = extname(name).slice(1).toLowerCase();
  if (!suffix || !ALLOWED_EXTENSIONS.includes(suffix)) {
    throw refused(
      `files of type "${suffix || 'none'}" are not accepted; allowed: ${ALLOWED_EXTENSIONS.join(', ')}`,
    );
  }
  if (bytes.length === 0) throw refused('the file is empty');
  const sniffed = await fileTypeFromBuffer(bytes);
  const expected = SNIFFED[suffix];
  let ok: boolean;
  if (expected) ok = sniffed !== undefined && expected.includes(sniffed.ext);
  else if (suffix === 'svg') {
    const head = bytes.subarray(0, 4096).toString('utf8');
    ok = sniffed === undefined && looksLikeText(bytes) && /<svg[\s>]/i.test(head);
  } else if (suffix === 'txt' || suffix === 'csv') ok = sniffed === undefined && looksLikeText(bytes);
  else if (suffix === 'rm' || suffix === 'rmvb') ok = bytes.subarray(0, 4).toString('latin1') === '.RMF';
  else if (suffix === 'pic') ok = sniffed === undefined || sniffed.mime.startsWith('image/');
  else ok = false;
  if (!ok) throw refused(`the content of "${name}" is not a ${suffix} file`);
  return {
    suffix,
    mime: MIME_BY_EXTENSION[suffix] ?? 'application/octet-stream',
    inline: INLINE.has(suffix),
  };
}

/** The extension for a base64 data URL's MIME type (uploadBase64 carries no file name). */
export function suffixForMime(mime: string): string | undefined {
  const found = Object.entries(MIME_BY_EXTENSION).find(([, known]) => known.split(';')[0] === mime);
  return found?.[0];
}

/** Files on disk under random names, outside any served directory; URLs signed per visitor. */
export class UploadStore {
  constructor(
    readonly dir: string,
    private readonly secret: string,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  async save(bytes: Buffer): Promise<string> {
    const id = randomId();
    await writeFile(join(this.dir, id), bytes, { flag: 'wx' });
    return id;
  }

  read(id: string): Promise<Buffer> {
    if (!/^[A-Za-z0-9_-]{22}$/.test(id)) throw new ApiError(404, 'no such file');
    return readFile(join(this.dir, id));
  }

  signature(id: string, visitorId: string): string {
    return createHmac('sha256', this.secret).update(`${id}:${visitorId}`).digest('base64url');
  }

  url(id: string, visitorId: string): string {
    return `/uploads/${id}?sig=${this.signature(id, visitorId)}`;
  }

  verify(id: string, visitorId: string, signature: string): boolean {
    const expected = Buffer.from(this.signature(id, visitorId));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name, so no header injection is possible. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The contract's msgType for a file: 2 image, 5 audio, 6 video, 4 other. */
export function msgTypeFor(suffix: string): number {
  if (IMAGE_EXTENSIONS.includes(suffix)) return 2;
  if (AUDIO_EXTENSIONS.includes(suffix)) return 5;
  if (VIDEO_EXTENSIONS.includes(suffix)) return 6;
  return 4;
}
