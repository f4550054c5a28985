import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Makes a stop (SIGTERM, `app.close()`) end promptly. Node's `server.close()` waits for every
 * connection, and reaps only those it counts as idle: a connection a client opened and never sent
 * a request on (a browser's spare one, a client that gave up on a held poll and connected again)
 * counts as busy until the headers timeout, a minute later. On close, connections with no request
 * in progress are ended at once; those with one end after their answer (held polls are answered at
 * once by their routes); and whatever is still open after `graceMs` is cut.
 */
export function stopPromptly(app: FastifyInstance, graceMs: number): void {
  const server: Server = app.server;
  const requestsOn = new Map<Socket, number>();
  server.on('connection', (socket: Socket) => {
    requestsOn.set(socket, 0);
    socket.once('close', () => requestsOn.delete(socket));
  });
  server.on('request', (request, response) => {
    const { socket } = request;
    requestsOn.set(socket, (requestsOn.get(socket) ?? 0) + 1);
    response.once('close', () => {
      if (!requestsOn.has(socket)) return;
      const left = (requestsOn.get(socket) ?? 1) - 1;
      requestsOn.set(socket, left);
      // Once stopping, a connection that has answered everything is not kept alive.
      if (left === 0 && stopping) socket.destroySoon();
    });
  });
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
    for (const [socket, requests] of requestsOn) if (requests === 0) socket.destroy();
    setTimeout(() => server.closeAllConnections(), graceMs).unref();
  });
}
