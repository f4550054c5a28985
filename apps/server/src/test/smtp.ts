import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ArrivedMail {
  from: string;
  to: string[];
  /** The raw message, headers and body. */
  raw: string;
}

/** A real SMTP server in the test process, keeping every mail it accepts. */
export async function startSmtp(): Promise<{ url: string; mails: ArrivedMail[]; close(): Promise<void> }> {
  const mails: ArrivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((one) => one.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  // Port 0: the system gives a free port to this listening socket, so no one can take it first.
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
