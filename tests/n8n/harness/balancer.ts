import { createConnection, createServer, type Socket } from 'node:net';

/**
 * A load balancer for the test, as one in front of n8n's webhook processes: each connection it accepts on
 * 127.0.0.1:`port` goes, in turn, to the next of `backends` (ports on 127.0.0.1), byte for byte. `connections`
 * counts those each backend was given.
 */
export interface Balancer {
  connections: number[];
  close(): Promise<void>;
}

export async function startBalancer(port: number, backends: readonly number[]): Promise<Balancer> {
  const connections = backends.map(() => 0);
  const open = new Set<Socket>();
  let next = 0;
  const server = createServer((client) => {
    const index = next++ % backends.length;
    connections[index] = (connections[index] ?? 0) + 1;
    const backend = createConnection({ host: '127.0.0.1', port: backends[index] ?? 0 });
    for (const socket of [client, backend]) {
      open.add(socket);
      socket.once('close', () => open.delete(socket));
      socket.on('error', () => [client, backend].forEach((s) => s.destroy()));
    }
    client.pipe(backend).pipe(client);
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    connections,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of open) socket.destroy();
        server.close(() => done());
      }),
  };
}
