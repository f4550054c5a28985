const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Decodes base64 (standard or URL-safe, padding optional) into UTF-8 text. Written out because
 * `atob` yields Latin-1 code units and `Buffer` exists only in Node.
 *
 * @example
 * decodeBase64Text('5L2g5aW9') // '你好'
 */
export function decodeBase64Text(encoded: string): string {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of encoded.replace(/-/g, '+').replace(/_/g, '/')) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) continue;
    buffer = ((buffer << 6) | value) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}
