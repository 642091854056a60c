/**
 * `npm run n8n -- workflow`: writes the importable workflow and the roster SQL
 * from the repository's single sources (the reference server's rules and
 * texts, the contract schema, the seed roster). tests/unit/n8n/source/workflow/generated.test.ts
 * fails when the committed files differ from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { generatedFiles } from './workflow/generated-files.ts';

for (const [path, text] of Object.entries(await generatedFiles())) {
  writeFileSync(path, text);
  console.log(`wrote ${path}`);
}
