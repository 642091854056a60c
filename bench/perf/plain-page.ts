import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Served beside the build (the server serves any page file by its path), never part of it. */
export const PLAIN_PATH = '/bench-plain';

/** A heading and a paragraph, no script, no stylesheet: the floor the benches measure the portal's pages against. */
const PLAIN_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="A plain page: the floor for the portal's pages on the same network model." />
    <title>Plain page</title>
  </head>
  <body>
    <h1>A plain page</h1>
    <p>A heading and a paragraph, served as the portal's pages are, with no script and no stylesheet.</p>
  </body>
</html>
`;

/** Writes the plain page into a built app's folder, at PLAIN_PATH. */
export function writePlainPage(distDir: string): void {
  writeFileSync(join(distDir, `${PLAIN_PATH.slice(1)}.html`), PLAIN_PAGE);
}
