import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

/**
 * The bare socket.io server of bench:push's baseline, as a process of its own (as the server under measurement is):
 * no auth, no database, one handler that acknowledges at once. Prints its port on stdout.
 */
const http = createServer();
const server = new Server(http, { transports: ['websocket'], serveClient: false });
server.on('connection', (socket) => {
  socket.on('ping', (ack: unknown) => {
    if (typeof ack === 'function') (ack as () => void)();
  });
});
http.listen(0, '127.0.0.1', () => process.stdout.write(`${(http.address() as AddressInfo).port}\n`));
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
