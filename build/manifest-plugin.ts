import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const MANIFEST_FILE = 'manifest.webmanifest';

/**
 * The web app manifest lives at the top level (the team's layout) rather than
 * in public/: serve it in dev and emit it unhashed in the build, so the
 * service worker precaches it and browsers find it at /manifest.webmanifest.
 */
export function topLevelManifest(): Plugin {
  const read = () => readFileSync(new URL(`../${MANIFEST_FILE}`, import.meta.url), 'utf8');
  return {
    name: 'thrive:top-level-manifest',
    configureServer(server) {
      server.middlewares.use(`/${MANIFEST_FILE}`, (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json');
        res.end(read());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: MANIFEST_FILE, source: read() });
    },
  };
}
