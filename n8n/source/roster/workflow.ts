/**
 * Thrive roster (ThriveRoster): the programme's operators keep the roster without SQL. An import is n8n's own
 * form (a Form Trigger behind the "Thrive roster login" credential, basic auth): the CSV of src/shared/roster,
 * read by the shared rules, compared with the roster, shown as a preview on the form's second page, and applied
 * only when confirmed there, in one transaction with a record (thrive.apply_roster_import). The export is a
 * webhook behind the same login, giving the same CSV.
 *
 * The preview and the confirm are one execution, waiting between the pages, so the confirm applies exactly the
 * previewed file; the roster's version binds it to the roster it was compared with. A preview left unconfirmed
 * ends after 30 minutes (the page then passes its input on, which has no submittedAt, and nothing is applied).
 */
import { resolve } from 'node:path';
import { ROSTER_EXPORT_FILE_NAME } from '../../../src/shared/roster/format.ts';
import { codeNode } from '../toolkit/code-node.ts';
import { CREDENTIALS, ROSTER_FORM_PATH, WEBHOOK_PATHS, WORKFLOWS } from '../toolkit/ids.ts';
import { postgres, respond, webhook } from '../toolkit/io-nodes.ts';
import { computed, ifTrue, node, sticky, stableUuid, type N8nNode, type Position } from '../toolkit/nodes.ts';
import { workflowJson } from '../toolkit/workflow.ts';
import { FIELDS, FORM, PAGES } from './texts.ts';

const script = (name: string) => resolve(import.meta.dirname, 'nodes', name);

/** The minutes a preview waits for its confirm, as the reference server keeps one. */
const PREVIEW_MINUTES = 30;

const SNAPSHOT = `SELECT s.*, encode(sha256(decode($1, 'base64')), 'hex') AS file_sha256 FROM thrive.roster_snapshot() s;`;

function importForm(position: Position): N8nNode {
  return {
    ...node('Import form', 'formTrigger', 2.3, position, {
      authentication: 'basicAuth',
      formTitle: FORM.title,
      formDescription: FORM.description,
      formFields: {
        values: [
          {
            fieldLabel: FIELDS.file,
            fieldType: 'file',
            acceptFileTypes: '.csv',
            multipleFiles: false,
            requiredField: true,
          },
          { fieldLabel: FIELDS.by, fieldType: 'text', placeholder: FORM.byHelp, requiredField: true },
        ],
      },
      options: { path: ROSTER_FORM_PATH, buttonLabel: FORM.preview, appendAttribution: false },
    }),
    webhookId: stableUuid(`form:${ROSTER_FORM_PATH}`),
    credentials: CREDENTIALS.rosterLogin,
  };
}

/** A form page showing `$json.html` under `$json.title`, its button `$json.button`. */
const confirmPage = (name: string, position: Position) => ({
  ...node(name, 'form', 2.3, position, {
    operation: 'page',
    formFields: { values: [{ fieldLabel: 'Preview', fieldType: 'html', html: '={{ $json.html }}' }] },
    limitWaitTime: true,
    limitType: 'afterTimeInterval',
    resumeAmount: PREVIEW_MINUTES,
    resumeUnit: 'minutes',
    options: { formTitle: '={{ $json.title }}', buttonLabel: '={{ $json.button }}' },
  }),
  webhookId: stableUuid(`form:${name}`),
});

/** The form's last page: `$json.html` under `$json.title`. */
const lastPage = (name: string, position: Position) => ({
  ...node(name, 'form', 2.3, position, {
    operation: 'completion',
    respondWith: 'text',
    completionTitle: '={{ $json.title }}',
    completionMessage: '={{ $json.html }}',
    options: {},
  }),
  webhookId: stableUuid(`form:${name}`),
});

function exportWebhook(position: Position): N8nNode {
  const made = webhook('Export', position, WEBHOOK_PATHS.rosterExport, { methods: 'GET' });
  return {
    ...made,
    parameters: { ...made.parameters, authentication: 'basicAuth' },
    credentials: CREDENTIALS.rosterLogin,
  };
}

export async function rosterWorkflow(): Promise<Record<string, unknown>> {
  const note = `## Thrive roster
**Import**: open \`<n8n>/form/${ROSTER_FORM_PATH}\` (signed in with the **Thrive roster login** credential), choose the CSV file and preview; the second page shows what would change and applies it only when confirmed, all of it or nothing. Each import is recorded in \`thrive.roster_imports\`. A removed parent's tokens, push subscriptions, queued pushes and notification settings are deleted; their requests and messages stay.

**Export**: open \`<n8n>/webhook/${WEBHOOK_PATHS.rosterExport}\` with the same login.`;
  const preview = "$('Preview').first().json";
  return workflowJson({
    id: WORKFLOWS.roster.id,
    name: 'Thrive roster',
    nodes: [
      sticky('About', [-40, -300], [720, 260], note),
      importForm([0, 200]),
      node('File as base64', 'extractFromFile', 1.1, [240, 200], {
        operation: 'binaryToPropery',
        binaryPropertyName: FIELDS.file.replace(/\W/g, '_'),
        destinationKey: 'file',
        options: { keepSource: 'json' },
      }),
      postgres('Roster now', [480, 200], SNAPSHOT, '={{ [ $json.file ] }}'),
      await codeNode('Preview', [720, 200], script('preview.js')),
      ifTrue('Can apply?', [960, 200], '$json.confirm'),
      confirmPage('Confirm', [1200, 100]),
      ifTrue('Confirmed?', [1440, 100], '$json.submittedAt !== undefined'),
      postgres(
        'Apply import',
        [1680, 40],
        'SELECT * FROM thrive.apply_roster_import($1::jsonb);',
        `={{ [ JSON.stringify(${preview}.apply) ] }}`,
      ),
      computed(
        'Result',
        [1920, 40],
        `$json.applied ? { title: ${JSON.stringify(PAGES.importedTitle)}, html: ${preview}.imported } : { title: ${JSON.stringify(PAGES.staleTitle)}, html: ${JSON.stringify(`<p>${PAGES.stale}</p>`)} }`,
      ),
      lastPage('Last page', [2160, 200]),
      exportWebhook([0, 600]),
      postgres('Roster', [240, 600], 'SELECT * FROM thrive.roster_snapshot();'),
      await codeNode('Roster CSV', [480, 600], script('export.js')),
      respond('Send CSV', [720, 600], {
        status: 200,
        body: '={{ $json.csv }}',
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${ROSTER_EXPORT_FILE_NAME}"`,
        },
      }),
    ],
    links: [
      ['Import form', 0, 'File as base64'],
      ['File as base64', 0, 'Roster now'],
      ['Roster now', 0, 'Preview'],
      ['Preview', 0, 'Can apply?'],
      ['Can apply?', 0, 'Confirm'],
      ['Can apply?', 1, 'Last page'],
      ['Confirm', 0, 'Confirmed?'],
      ['Confirmed?', 0, 'Apply import'],
      ['Apply import', 0, 'Result'],
      ['Result', 0, 'Last page'],
      ['Export', 0, 'Roster'],
      ['Roster', 0, 'Roster CSV'],
      ['Roster CSV', 0, 'Send CSV'],
    ],
  });
}
