import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { ConversationStore } from '../conversation/store.js';
import { type InboundOptions, receiveMail } from './inbound.js';
import { splitAddress } from './threads.js';

/** The largest mail taken, in bytes: a reply with a few photos. */
export const INBOUND_MAIL_MAX_BYTES = 10 * 1024 * 1024;

type Log = { info(object: object, message: string): void; warn(object: object, message: string): void };

/**
 * Takes mail by SMTP for the inbound address's domain only (never a relay: any other recipient is
 * refused at RCPT TO with 550), up to 10 MB, and reads each into the inbox. Meant to be the MX of a
 * subdomain (`reply.acme.example`), or behind the operator's mail server, which forwards to it.
 */
export async function startSmtpInbound(
  store: ConversationStore,
  options: InboundOptions & { port: number; host?: string },
  log: Log,
): Promise<{ port: number; close(): Promise<void> }> {
  const [, domain] = splitAddress(options.address);
  const server = new SMTPServer({
    banner: 'Parley',
    authOptional: true,
    disabledCommands: ['AUTH'],
    size: INBOUND_MAIL_MAX_BYTES,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (splitAddress(address.address)[1] !== domain) {
        const refused = Object.assign(new Error(`mail for ${domain} only`), { responseCode: 550 });
        return callback(refused);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          return callback(Object.assign(new Error('the mail is larger than 10 MB'), { responseCode: 552 }));
        }
        const recipients = session.envelope.rcptTo.map((one) => one.address);
        receiveMail(store, options, { raw: Buffer.concat(chunks), recipients }).then(
          (received) => {
            log.info({ mail: received }, 'a mail came in');
            callback();
          },
          (error: unknown) => {
            log.warn({ err: error }, 'a mail could not be read');
            // A temporary failure: the sending server tries again later.
            callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
          },
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
