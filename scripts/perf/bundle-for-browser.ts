import { resolve } from 'node:path';
import { build } from 'vite';

/**
 * Bundles one source module into a minified IIFE that assigns its exports to
 * `window[globalName]`, so a benchmark can run the app's own code in a page
 * of the app's origin without the app exposing anything for it.
 */
export async function bundleForBrowser(entry: string, globalName: string): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry: resolve(entry), formats: ['iife'], name: globalName, fileName: 'bench-module' },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  for (const output of outputs) {
    if (!('output' in output)) continue;
    const chunk = output.output.find((item) => item.type === 'chunk');
    if (chunk && chunk.type === 'chunk') return chunk.code;
  }
  throw new Error(`Bundling ${entry} produced no code`);
}
