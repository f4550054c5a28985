import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebhookPayload, webhookEventTypes, webhookPayloadSchema } from '@parley/chat-protocol';
import { documentAjv as ajv } from './answers.js';
import { freePort } from './freePort.js';

export interface Received {
  headers: IncomingHttpHeaders;
  /** The raw body, as a receiver verifies it. */
  body: string;
  payload: WebhookPayload;
}

// Every delivery is held to the schema of its type, the one the OpenAPI document publishes.
const checks = new Map(webhookEventTypes.map((type) => [type, ajv.compile(webhookPayloadSchema(type))]));

/** Why `payload` is not what its type's schema says, or undefined. */
export function undocumented(payload: { type?: unknown; [field: string]: unknown }): string | undefined {
  const check = checks.get(payload.type as WebhookPayload['type']);
  if (!check) return `an event type the contract does not name: ${String(payload.type)}`;
  return check(payload)
    ? undefined
    : `${String(payload.type)}: ${ajv.errorsText(check.errors, { dataVar: 'payload' })}`;
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

  /** The payloads received, in arrival order; throws if one is not what its type's schema says. */
  payloads(): WebhookPayload[] {
    for (const { payload } of this.received) {
      const problem = undocumented(payload);
      if (problem) throw new Error(`a delivery its documented schema does not describe: ${problem}`);
    }
    return this.received.map((one) => one.payload);
  }
}
