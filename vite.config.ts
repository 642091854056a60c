/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { prerender } from './scripts/prerender.ts';

const MANIFEST_FILE = 'manifest.webmanifest';

/**
 * The web app manifest lives at the top level (the team's layout) rather than
 * in public/: serve it in dev and emit it unhashed in the build, so the
 * service worker precaches it and browsers find it at /manifest.webmanifest.
 */
function topLevelManifest(): Plugin {
  const read = () => readFileSync(new URL(`./${MANIFEST_FILE}`, import.meta.url), 'utf8');
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

/** The reference server `npm run dev` and `npm run preview` start beside Vite (scripts/dev.ts), which passes its address. */
const API_ORIGIN = process.env.THRIVE_API_ORIGIN ?? 'http://127.0.0.1:8787';

export default defineConfig({
  plugins: [
    react(),
    topLevelManifest(),
    prerender(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
      },
    }),
  ],
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
            { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/ },
          ],
        },
      },
    },
  },
  // The webhook's default address is same-origin /api/webhook: in dev and preview (whose proxy defaults to this
  // one) it is the reference server's.
  server: { proxy: { '/api': API_ORIGIN } },
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
  },
});
