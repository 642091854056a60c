import { createServer } from 'node:net';

/**
 * Ports this process has handed out. The OS offers a closed port again (17 of 500 asks in a row here), and a port
 * handed out is often bound only later (n8n's port, its task broker's), so two parts of one stack could get the
 * same one, and one of them would fail to start.
 */
const handedOut = new Set<number>();

/** A port nothing listens on right now, on 127.0.0.1, and one this process has not handed out before. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await unboundPort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

function unboundPort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}
