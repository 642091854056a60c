/**
 * `npm run n8n -- workflow`: writes the importable workflow, its Postgres
 * schema, the roster SQL and the request schema's JSON from the repository's
 * single sources (the reference server's rules, texts and requests table,
 * the portal's rules, the seed roster).
 * tests/unit/n8n/workflow/generated.test.ts fails when the committed files
 * differ from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { generatedFiles } from './workflow/generated-files.ts';

for (const [path, text] of Object.entries(await generatedFiles())) {
  writeFileSync(path, text);
  console.log(`wrote ${path}`);
}
