import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
 * told), and can go down (nothing listens on its port) and come back on the same port. Started
 * listening, it binds port 0 (the system's free port, held from then on); started down, it only
 * has a port that was free a moment ago, which is all a test of an endpoint that is down needs.
 */
export class Receiver {
  readonly received: Received[] = [];
  status = 200;
  private server: Server | undefined;

  private constructor(private bound: number) {}

  static async start(listening = true): Promise<Receiver> {
    const receiver = new Receiver(listening ? 0 : await freePort());
    if (listening) await receiver.up();
    return receiver;
  }

  /** The port it listens on, or will when it comes up. */
  get port(): number {
    return this.bound;
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
      server.listen(this.bound, '127.0.0.1', () => {
        this.bound = (server.address() as AddressInfo).port;
        resolve();
      });
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
