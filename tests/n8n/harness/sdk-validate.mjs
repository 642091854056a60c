/**
 * Checks the workflow file against the node definitions of the installed n8n
 * with n8n's own @n8n/workflow-sdk (validateWorkflow, schemas on): every node
 * and parameter, the Slack nodes included, which no test run reaches. Run by
 * tests/n8n/harness/validate.ts with the Node 24 of .cache/n8n; prints the
 * result as JSON.
 *
 *   node sdk-validate.mjs <cache>/node_modules <workflow.json>
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const [modules = '', workflowPath = ''] = process.argv.slice(2);
const require = createRequire(join(modules, 'noop.js'));
const { validateWorkflow, setSchemaBaseDirs } = require('@n8n/workflow-sdk');
setSchemaBaseDirs([join(modules, 'n8n-nodes-base/dist/node-definitions')]);
const result = validateWorkflow(JSON.parse(readFileSync(workflowPath, 'utf8')), {
  validateSchema: true,
  strictMode: true,
});
const issues = [...result.errors, ...result.warnings].map(
  (issue) => `${issue.code} ${issue.nodeName ?? ''}: ${issue.message}`,
);
console.log(JSON.stringify({ valid: result.valid, issues }));
