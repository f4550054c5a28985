// What a JSON body may hold, checked on its text before it is parsed: a server spends work on a body
// in proportion to its size, never to how deep it nests or how many values it packs. The page and
// any other client keep inside the same numbers, so they never send what a server refuses.

/** Transcripts one visitor may ask for in a day (`transcript`): the address is theirs to name. */
export const TRANSCRIPTS_PER_DAY = 3;

/** The shape limits of a JSON body. */
export interface JsonLimits {
  /** Bytes of the body (UTF-8). */
  maxBytes: number;
  /** Arrays and objects inside one another: `{"a":[1]}` is 2 deep. */
  maxDepth: number;
  /** Values in the whole body, at any depth: every array and object, and every item or member after a comma. */
  maxValues: number;
  /** Characters of one string, a key or a value, as written (escapes count as written). */
  maxStringLength: number;
}

/**
 * The limits of every JSON call of the visitor and agent APIs, `uploadBase64` aside (its image
 * rides in one long string: see `UPLOAD_BASE64_LIMITS`). A field's own limit (`FIELD_LIMITS`, the
 * request schemas) is usually lower.
 */
export const JSON_LIMITS: Readonly<JsonLimits> = {
  maxBytes: 128 * 1024,
  maxDepth: 8,
  maxValues: 1000,
  maxStringLength: 64 * 1024,
};

/** `uploadBase64`: the same shape limits, with one string as long as the body. */
export const uploadBase64Limits = (uploadLimitBytes: number): Readonly<JsonLimits> => {
  const maxBytes = Math.ceil((uploadLimitBytes * 4) / 3) + 64 * 1024; // base64 is 4/3 of the bytes
  return { ...JSON_LIMITS, maxBytes, maxStringLength: maxBytes };
};

/** Characters of the fields a person types, shared by the request schemas and the clients. */
export const FIELD_LIMITS = {
  /** An id the server issued or a client made (visitor, session, message, channel). */
  id: 128,
  /** A message's text. */
  messageText: 10_000,
  /** A person's name, a sender name, a display name. */
  name: 200,
  email: 320,
  phone: 64,
  /** One field of the visitor's form (the channel's `userFormConfig`). */
  formField: 2000,
  /** The `pid`, `params` and addresses a site passes to chat start. */
  pageText: 4000,
  /** A left message, a rating comment. */
  longText: 5000,
  /** A file's name, as uploaded or sent in a file message (most file systems' limit). */
  fileName: 255,
} as const;

/**
 * Why a JSON text breaks `limits`, or undefined when it keeps them. One pass over the text, before
 * it is parsed, so a hostile body costs what its length costs; it does not check that the text is
 * valid JSON (the parser does, next).
 *
 * @example
 * jsonLimitProblem('[[[[[[[[[1]]]]]]]]]', JSON_LIMITS) // 'the body nests deeper than 8 levels'
 */
export function jsonLimitProblem(
  text: string,
  limits: Readonly<JsonLimits> = JSON_LIMITS,
): string | undefined {
  if (longerInUtf8(text, limits.maxBytes)) {
    return `the body is larger than ${limits.maxBytes} bytes`;
  }
  let depth = 0;
  let values = 0;
  let inString = false;
  let stringStart = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c /* \ */) index++;
      else if (code === 0x22 /* " */) {
        inString = false;
        if (index - stringStart > limits.maxStringLength) {
          return `a string is longer than ${limits.maxStringLength} characters`;
        }
      }
      continue;
    }
    if (code === 0x22) {
      inString = true;
      stringStart = index + 1;
    } else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      if (++depth > limits.maxDepth) return `the body nests deeper than ${limits.maxDepth} levels`;
      values++;
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) {
      depth--;
    } else if (code === 0x2c /* , */) {
      if (++values > limits.maxValues) return `the body holds more than ${limits.maxValues} values`;
    }
  }
  return undefined;
}

/** Whether `text` takes more than `max` bytes in UTF-8 (1 to 3 bytes per UTF-16 unit). */
function longerInUtf8(text: string, max: number): boolean {
  if (text.length > max) return true;
  if (text.length * 3 <= max) return false;
  let bytes = 0;
  for (let index = 0; index < text.length && bytes <= max; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4; // a surrogate pair is 4 bytes
      index++;
    } else bytes += 3;
  }
  return bytes > max;
}
