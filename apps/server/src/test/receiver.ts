import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { WebhookPayload } from '@parley/chat-protocol';
import { freePort } from './freePort.js';

export interface Received {
  headers: IncomingHttpHeaders;
  /** The raw body, as a receiver verifies it. */
  body: string;
  payload: WebhookPayload;
}

/**
 * A webhook receiver on a loopback port: keeps what it was sent, answers `status` (200 unless
 * told), and can go down (nothing listens on its port) and come back on the same port.
 */
export class Receiver {
  readonly received: Received[] = [];
  status = 200;
  private server: Server | undefined;

  private constructor(readonly port: number) {}

  static async start(listening = true): Promise<Receiver> {
    const receiver = new Receiver(await freePort());
    if (listening) await receiver.up();
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  up(): Promise<void> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (this.status >= 200 && this.status < 300)
          this.received.push({ headers: request.headers, body, payload: JSON.parse(body) });
        response.writeHead(this.status, { 'content-type': 'text/plain' });
        response.end(this.status < 300 ? 'thanks' : 'not now');
      });
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return Promise.resolve();
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  }

  /** The payloads received, in arrival order. */
  payloads(): WebhookPayload[] {
    return this.received.map((one) => one.payload);
  }
}
