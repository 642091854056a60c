import { createHash } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the built service worker lists index.html with its md5 revision. */
const SHELL_ENTRY = /\{"revision":"([0-9a-f]{32})","url":"index\.html"\}/;

/** Copies a production build into `dir`, so a test can deploy a new version over it. */
export function copyBuild(sourceDist: string, dir: string): void {
  cpSync(sourceDist, dir, { recursive: true });
}

/**
 * Deploys "the next version" over the build in `dir`, as a release that
 * changed only the shell would: index.html carries `marker`, and sw.js lists
 * index.html with the new file's revision, exactly as Workbox would have
 * written it. The worker script changes byte for byte, so browsers see an
 * update; the new worker precaches the new index.html.
 */
export function deployNextVersion(dir: string, marker: string): void {
  const htmlFile = join(dir, 'index.html');
  const swFile = join(dir, 'sw.js');
  const html = readFileSync(htmlFile, 'utf8').replace(
    '</head>',
    `  <meta name="thrive-build" content="${marker}" />\n  </head>`,
  );
  const script = readFileSync(swFile, 'utf8');
  if (!SHELL_ENTRY.test(script)) throw new Error('sw.js does not list index.html with a revision');
  const revision = createHash('md5').update(html).digest('hex');
  writeFileSync(htmlFile, html);
  writeFileSync(swFile, script.replace(SHELL_ENTRY, `{"revision":"${revision}","url":"index.html"}`));
}
