/**
 * The build served by the reference server itself (compression, caching,
 * security headers and all), so the audit and the benchmarks measure the
 * host `npm start` runs, not a look-alike. Its database lives in a temporary
 * folder that close() removes; the rate limit is off so measuring never trips it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../server/config.ts';
import { createPortalServer } from '../../server/server.ts';

export interface RunningPortal {
  url: string;
  close(): Promise<void>;
}

export async function startPortal(distDir: string): Promise<RunningPortal> {
  const dataDir = await mkdtemp(join(tmpdir(), 'thrive-perf-'));
  const config = loadConfig({
    DIST_DIR: resolve(distDir),
    DATABASE_PATH: join(dataDir, 'portal.db'),
    PORT: '0',
    HOST: '127.0.0.1',
    RATE_LIMIT_MAX: '0',
  });
  const server = await createPortalServer(config);
  try {
    await server.app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
