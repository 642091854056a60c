import { createHash } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';

/** Copies a production build into `dir`, so a test can deploy a new version over it. */
export function copyBuild(sourceDist: string, dir: string): void {
  cpSync(sourceDist, dir, { recursive: true });
}

/** Where the built service worker lists a page with its md5 revision. */
const precacheEntry = (url: string) =>
  new RegExp(`\\{"revision":"[0-9a-f]{32}","url":"${url.replaceAll('.', '\\.')}"\\}`);

/**
 * Deploys "the next version" over the build in `dir`, as a release that
 * changed only the pages would: every prerendered page (and the app shell)
 * carries `marker`, and sw.js lists each with its new file's revision,
 * exactly as Workbox would have written it. The worker script changes byte
 * for byte, so browsers see an update; the new worker precaches the new pages.
 */
export function deployNextVersion(dir: string, marker: string): void {
  const swFile = join(dir, 'sw.js');
  let script = readFileSync(swFile, 'utf8');
  const pages = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  if (!pages.includes('index.html')) throw new Error(`${dir} holds no built pages`);
  for (const page of pages) {
    const url = page.split(sep).join('/');
    const entry = precacheEntry(url);
    if (!entry.test(script)) throw new Error(`sw.js does not list ${url} with a revision`);
    const html = readFileSync(join(dir, page), 'utf8').replace(
      '</head>',
      `  <meta name="thrive-build" content="${marker}" />\n  </head>`,
    );
    writeFileSync(join(dir, page), html);
    const revision = createHash('md5').update(html).digest('hex');
    script = script.replace(entry, `{"revision":"${revision}","url":"${url}"}`);
  }
  writeFileSync(swFile, script);
}
