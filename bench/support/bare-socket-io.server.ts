import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

/**
 * The bare socket.io server of bench:push's baseline, as a process of its own (as the server under measurement is):
 * no auth, no database, one handler that acknowledges at once (and, for bench:consult, one that relays a message to
 * another client's room and acknowledges, and one that emits to every socket). Prints its port on stdout.
 */
const http = createServer();
const server = new Server(http, { transports: ['websocket'], serveClient: false });
server.on('connection', (socket) => {
  socket.on('ping', (ack: unknown) => {
    if (typeof ack === 'function') (ack as () => void)();
  });
  // bench:consult's baseline: a client joins its room by the handshake, and a message is relayed to another's room
  const room = (socket.handshake.auth as { room?: unknown }).room;
  if (typeof room === 'string') void socket.join(room);
  socket.on('relay', (to: unknown, payload: unknown, ack: unknown) => {
    if (typeof to === 'string') server.to(to).emit('relayed', payload);
    if (typeof ack === 'function') (ack as () => void)();
  });
  // bench:consult's letters baseline: one emit to every connected socket, as a bell push to a whole role
  socket.on('broadcast', (payload: unknown, ack: unknown) => {
    server.emit('broadcasted', payload);
    if (typeof ack === 'function') (ack as () => void)();
  });
});
http.listen(0, '127.0.0.1', () => process.stdout.write(`${(http.address() as AddressInfo).port}\n`));
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
