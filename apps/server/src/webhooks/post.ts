import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkLiteralHost, publicOnlyLookup } from './address.js';

/** How much of a receiver's answer is kept in the delivery log. */
export const EXCERPT_CHARS = 256;

export interface PostResult {
  status: number;
  excerpt: string;
}

/**
 * POSTs a delivery and reads at most a short excerpt of the answer. Redirects are not followed (a
 * 3xx is an answer like any other, and not a success); the whole exchange has `timeoutMs`.
 */
export function postDelivery(
  target: URL,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<PostResult> {
  if (!options.allowPrivate) checkLiteralHost(target);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < EXCERPT_CHARS * 4) chunks.push(chunk);
          size += chunk.length;
          if (size > EXCERPT_CHARS * 4) response.destroy();
        });
        const done = () => {
          clearTimeout(timer);
          resolve({
            status: response.statusCode ?? 0,
            excerpt: Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS),
          });
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(
      () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}
