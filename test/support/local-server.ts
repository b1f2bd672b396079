import { once } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebSocket, WebSocketServer } from 'ws';

/** The plumbing the fake services share: they listen on an ephemeral 127.0.0.1 port. */
export async function listenLocal(server: Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

/** Terminates `sockets`, closes their WebSocket server, drops every HTTP connection and closes. */
export async function closeLocal(
  server: Server,
  wss: WebSocketServer,
  sockets: Iterable<WebSocket>,
): Promise<void> {
  for (const socket of sockets) socket.terminate();
  wss.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The whole request body as UTF-8. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
