import { connect } from 'node:net';

/** A request written byte for byte: the path and body go out exactly as given, unchecked. */
export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

export interface RawResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: Buffer;
  /** Milliseconds from connecting to the end of the answer. */
  ms: number;
}

/**
 * Sends one request on a fresh connection (`connection: close`) and reads the answer to the end,
 * so what the server's HTTP parser makes of a malformed path or body is what the caller sees.
 * Rejects when the server closes without an answer.
 *
 * @example
 * const answer = await rawRequest(port, { method: 'POST', path: '/api/chat/visitor/%63hannelInfo', body: '{}' });
 */
export function rawRequest(port: number, request: RawRequest): Promise<RawResponse> {
  const body =
    typeof request.body === 'string' ? Buffer.from(request.body) : (request.body ?? Buffer.alloc(0));
  const headers: Record<string, string> = {
    host: `127.0.0.1:${port}`,
    connection: 'close',
    ...(body.length > 0 || request.method !== 'GET' ? { 'content-length': String(body.length) } : {}),
    ...request.headers,
  };
  const head = `${request.method} ${request.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A server may answer and close before it has read the whole body (413): the answer counts.
    socket.on('error', () => {});
    socket.on('close', () => {
      const received = Buffer.concat(chunks);
      const parsed = parseResponse(received);
      if (parsed) resolve({ ...parsed, ms: performance.now() - started });
      else reject(new Error(`the server closed the connection without an answer (${received.length} bytes)`));
    });
    socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body]));
  });
}

function parseResponse(received: Buffer): Omit<RawResponse, 'ms'> | undefined {
  const end = received.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  if (!status) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = received.subarray(end + 4);
  if (headers['transfer-encoding']?.toLowerCase() === 'chunked') body = unchunk(body);
  return { status, headers, body };
}

function unchunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
