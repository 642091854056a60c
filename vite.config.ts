/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { devApi } from './build/dev-api.ts';
import { topLevelManifest } from './build/manifest-plugin.ts';
import { prerender } from './build/prerender.ts';

/** The unit test that builds the app in-process. */
const IN_PROCESS_BUILD = 'tests/unit/sw/precache-manifest.test.ts';

export default defineConfig({
  plugins: [
    react(),
    topLevelManifest(),
    devApi(),
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
    // Every browser that runs the app fetches modulepreload links itself (Safari from 17); where one does not, a chunk
    // is fetched when imported. Vite's polyfill, a document-wide MutationObserver, ran on every start for nothing.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react-dom',
              test: /node_modules[\\/](react-dom|scheduler)[\\/]|src[\\/]app[\\/]start[\\/]react-dom-client\.ts$/,
            },
            { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'node',
    // A timeout guards against a hang, not a speed: a 10 MB contract case takes seconds on a busy 2-core machine, while
    // npm test runs the unit tests beside typecheck and the builds. Speed is measured by the benches.
    testTimeout: 20_000,
    // Longer than a screen test's longest wait (asyncUtilTimeout, 10 s): a hook that waits for a state (the toasts
    // gone after each screen test) fails with what it waited for, not with the hook's own timeout.
    hookTimeout: 20_000,
    projects: [
      {
        extends: true,
        // One module graph per worker, not per file: a third of the time. The files share no state that leaks
        // (checked with shuffled orders), except the build below.
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: [IN_PROCESS_BUILD], isolate: false },
      },
      // Runs Vite's build, prerendering with React's production server renderer, in its own module graph.
      { extends: true, test: { name: 'build', include: [IN_PROCESS_BUILD] } },
      {
        extends: true,
        // One screen's states: the app in happy-dom (tests/support/screen/render-app.tsx). Each file is one page, with
        // the app's modules loaded afresh, as the app keeps module-level state (the page's language, its toasts, its
        // stores) as a page does (tests/support/screen/setup.ts). The files of a worker share its process: in a process
        // of its own, each file loaded and compiled React and happy-dom again, twice the CPU of the tests themselves.
        test: {
          name: 'screens',
          include: ['tests/unit/**/*.test.tsx'],
          isolate: false,
          // happy-dom, not jsdom: the same tests passed in both, and in happy-dom for a quarter less CPU.
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://portal.test/' } },
          setupFiles: ['tests/support/screen/setup.ts'],
        },
      },
    ],
  },
});
