import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FIELD_LIMITS, MEDIA_EXTENSIONS } from '@parley/chat-protocol';
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

/** A control character (NUL included) or a lone UTF-16 surrogate: nothing a file name holds. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSTORABLE_NAME = /[\u0000-\u001f\u007f]|[\uD800-\uDFFF]/u;

/**
 * Refuses a file name no database stores as sent (a NUL, a lone surrogate), that holds other
 * control characters, or that is longer than the contract's `FIELD_LIMITS.fileName`: before a byte
 * of the file is stored, so nothing is left behind.
 */
export function checkFileName(name: string): void {
  if (name.length > FIELD_LIMITS.fileName) {
    throw refused(`the file's name is longer than ${FIELD_LIMITS.fileName} characters`);
  }
  if (UNSTORABLE_NAME.test(name)) throw refused("the file's name contains a control character");
}

/** Whether a file is UTF-8 text without NUL bytes, read chunk by chunk. */
async function isTextFile(chunks: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of chunks) {
      if (chunk.includes(0)) return false;
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** What the check reads of a file: its first bytes, its size, and a way to read all of it. */
export interface FileContent {
  /** At least the first 4 100 bytes (all of a smaller file): enough to sniff any type. */
  head: Buffer;
  size: number;
  chunks(): AsyncIterable<Buffer> | Iterable<Buffer>;
}

/** The first bytes sniffing needs. */
export const SNIFF_BYTES = 4100;

const inMemory = (bytes: Buffer): FileContent => ({
  head: bytes.subarray(0, SNIFF_BYTES),
  size: bytes.length,
  chunks: () => [bytes],
});

/** RealMedia's chunk ids: the `.RMF` header must be followed by one of them where its size says. */
const REAL_MEDIA_CHUNKS = new Set(['PROP', 'MDPR', 'CONT', 'DATA', 'INDX']);

/** A RealMedia file: the `.RMF` header chunk (at least 18 bytes) and a known chunk right after it. */
function isRealMedia(head: Buffer): boolean {
  if (head.length < 22 || head.toString('latin1', 0, 4) !== '.RMF') return false;
  const headerSize = head.readUInt32BE(4);
  if (headerSize < 18 || headerSize + 4 > head.length) return false;
  return REAL_MEDIA_CHUNKS.has(head.toString('latin1', headerSize, headerSize + 4));
}

/**
 * A `.pic` picture in a format file-type does not know: Apple PICT (a 512-byte preamble, then the
 * picture size and frame, then the version opcode: `0011 02FF` for version 2, `1101` for version 1)
 * or PC Paint (magic `0x1234`, little-endian). Anything else, text and HTML included, is refused.
 */
function isPicture(head: Buffer): boolean {
  const pictVersion2 = head.length >= 526 && head.readUInt32BE(522) === 0x001102ff;
  const pictVersion1 = head.length >= 524 && head.readUInt16BE(522) === 0x1101;
  const pcPaint = head.length >= 18 && head.readUInt16LE(0) === 0x1234;
  return pictVersion2 || pictVersion1 || pcPaint;
}

/**
 * Accepts a file only when its extension is on the allow-list and its content is what the
 * extension says (a renamed executable or HTML page is refused). Takes the bytes, or a stored
 * file's head and a reader, so a large file is never held in memory.
 */
export async function checkFile(name: string, file: Buffer | FileContent): Promise<CheckedFile> {
  const content = Buffer.isBuffer(file) ? inMemory(file) : file;
  const suffix = extname(name).slice(1).toLowerCase();
  if (!suffix || !ALLOWED_EXTENSIONS.includes(suffix)) {
    throw refused(
      `files of type "${suffix || 'none'}" are not accepted; allowed: ${ALLOWED_EXTENSIONS.join(', ')}`,
    );
  }
  if (content.size === 0) throw refused('the file is empty');
  const sniffed = await fileTypeFromBuffer(content.head);
  const expected = SNIFFED[suffix];
  let ok: boolean;
  if (expected) ok = sniffed !== undefined && expected.includes(sniffed.ext);
  else if (suffix === 'svg') {
    const head = content.head.toString('utf8');
    ok = sniffed === undefined && /<svg[\s>]/i.test(head) && (await isTextFile(content.chunks()));
  } else if (suffix === 'txt' || suffix === 'csv')
    ok = sniffed === undefined && (await isTextFile(content.chunks()));
  else if (suffix === 'rm' || suffix === 'rmvb') ok = isRealMedia(content.head);
  else if (suffix === 'pic') ok = sniffed?.mime.startsWith('image/') === true || isPicture(content.head);
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

const ID = /^[A-Za-z0-9_-]{22}$/;
/** The suffix of a file still being received. */
const PART = '.part';

/** Files on disk under random names, outside any served directory; URLs signed per visitor. */
export class UploadStore {
  constructor(
    readonly dir: string,
    private readonly secret: string,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  /** Writes a file under `id` (an upload whose record was written first). */
  async save(id: string, bytes: Buffer): Promise<void> {
    await writeFile(join(this.dir, id), bytes, { flag: 'wx' });
  }

  /**
   * Streams a file to disk under a temporary name, never holding it in memory, and stops as soon as
   * it passes `maxBytes` (the file is then deleted and `tooLarge` is true). `keep` turns it into the
   * upload `id` (record it first: a file never exists without its record); `discard` deletes it (a
   * file refused after its check).
   */
  async receive(source: Readable, maxBytes: number) {
    const id = randomId();
    const path = join(this.dir, `${id}${PART}`);
    const head: Buffer[] = [];
    let headBytes = 0;
    let size = 0;
    let tooLarge = false;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) {
          tooLarge = true;
          done(new Error('over the limit'));
          return;
        }
        if (headBytes < SNIFF_BYTES) {
          head.push(chunk.subarray(0, SNIFF_BYTES - headBytes));
          headBytes += Math.min(chunk.length, SNIFF_BYTES - headBytes);
        }
        done(null, chunk);
      },
    });
    const sink = createWriteStream(path, { flags: 'wx' });
    try {
      await pipeline(source, counter, sink);
    } catch (error) {
      // The file may still be opening when the pipeline stops: delete it only once it is closed.
      if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
      await rm(path, { force: true });
      if (!tooLarge) throw error;
      source.resume();
    }
    const content: FileContent = { head: Buffer.concat(head), size, chunks: () => createReadStream(path) };
    return {
      id,
      tooLarge,
      content,
      keep: () => rename(path, join(this.dir, id)),
      discard: () => rm(path, { force: true }),
    };
  }

  /** Deletes stored files (expired uploads); a file already gone is no error. */
  async remove(ids: readonly string[]): Promise<void> {
    await Promise.all(ids.filter((id) => ID.test(id)).map((id) => rm(join(this.dir, id), { force: true })));
  }

  /** Deletes partial files older than `maxAgeMs` that a crash mid-upload left behind. */
  async removeStaleParts(maxAgeMs: number, now = Date.now()): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.dir)) {
      if (!name.endsWith(PART)) continue;
      const path = join(this.dir, name);
      const info = await stat(path).catch(() => undefined);
      if (info && now - info.mtimeMs > maxAgeMs) {
        await rm(path, { force: true });
        removed++;
      }
    }
    return removed;
  }

  /**
   * The stored files (not the partial ones) last written more than `graceMs` ago: what a
   * reconciliation compares with the records. The grace spares a file an older version of the
   * server, which wrote the file before its record, is about to record.
   */
  async storedFiles(graceMs: number, now = Date.now()): Promise<string[]> {
    const found: string[] = [];
    for (const name of await readdir(this.dir)) {
      if (!ID.test(name)) continue;
      const info = await stat(join(this.dir, name)).catch(() => undefined);
      if (info && now - info.mtimeMs > graceMs) found.push(name);
    }
    return found;
  }

  read(id: string): Promise<Buffer> {
    if (!ID.test(id)) throw new ApiError(404, 'no such file');
    return readFile(join(this.dir, id));
  }

  /** A stored file as a stream with its size, for serving without reading it into memory. */
  async open(id: string): Promise<{ size: number; stream: Readable }> {
    if (!ID.test(id)) throw new ApiError(404, 'no such file');
    const path = join(this.dir, id);
    const info = await stat(path).catch(() => {
      throw new ApiError(404, 'no such file');
    });
    return { size: info.size, stream: createReadStream(path) };
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
