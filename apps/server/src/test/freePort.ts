import { createServer } from 'node:net';

/**
 * A TCP port that was free on the loopback interface a moment ago (the OS picked it), for what
 * cannot be handed a listening socket: a port nothing should listen on (a service that is down), or
 * PostgreSQL, which binds its own port. Anything else listens on port 0 itself and reads the port it
 * got, since a port checked and then closed can be taken by another process before it is used.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
