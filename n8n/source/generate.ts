/**
 * `npm run n8n -- workflow`: writes the importable workflows, their Postgres
 * schema, the roster SQL and the request schema's JSON from the repository's
 * single sources (the reference server's rules, texts and requests table,
 * the portal's rules, the seed roster), as generated-files.ts lists them.
 * tests/unit/n8n/generated.test.ts fails when the committed files differ
 * from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { generatedFiles } from './generated-files.ts';

for (const [path, text] of Object.entries(await generatedFiles())) {
  writeFileSync(path, text);
  console.log(`wrote ${path}`);
}
