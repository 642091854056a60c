/**
 * What each Code node of the workflow runs: a module under n8n/source/code
 * (bundled with the reference server's code it imports) and the n8n-side call.
 * Every execution handles one webhook request, so nodes read earlier nodes
 * with `.first()`, which does not depend on n8n's item pairing.
 */
import type { CodeSource } from './bundle.ts';

const CHECK = "$('Check request').first().json";

export const CODE_NODES = {
  check: {
    about: 'Check request: content type, schema, attachments, fingerprint and rules, as the reference server does.',
    module: `import { validate } from 'thrive:request-validator';
import { checkRequest } from './check-request.ts';
export const main = (item, now) => checkRequest(item, validate, now);`,
    call: 'main($json, new Date())',
    // Dates are checked by the Reschedule answer node (n8n/source/code/answers.ts).
    withoutDates: true,
  },
  schedule: {
    about: "Schedule answer: the rest of this week's sessions of the parent found on the roster, or 404.",
    module: "export { answerSchedule as main } from './answers.ts';",
    call: `main(${CHECK}, $json, new Date())`,
  },
  reschedule: {
    about: 'Reschedule answer: the days asked for (today or later in India), for one day or a range.',
    module: "export { answerReschedule as main } from './answers.ts';",
    call: `main(${CHECK}, new Date())`,
  },
  chat: {
    about: 'Chat answer: the facilitator (or the programme team) and the channel the message goes to.',
    module: "export { answerChat as main } from './answers.ts';",
    call: `main(${CHECK}, $json, new Date())`,
  },
  consult: {
    about: 'Consult answer: thanks the visitor and repeats the preferred times.',
    module: "export { answerConsult as main } from './answers.ts';",
    call: `main(${CHECK}, new Date())`,
  },
  call: {
    about: 'Call answer: thanks the visitor and repeats the preferred times.',
    module: "export { answerCall as main } from './answers.ts';",
    call: `main(${CHECK}, new Date())`,
  },
  files: {
    about: 'One item per file: each attachment as n8n binary data, for the node that uploads it.',
    module: "export { filesToDeliver as main } from './deliver-files.ts';",
    call: `main($('Webhook').first().json.body, ${CHECK}, $('Answered?').first().json.delivery)`,
    withoutDates: true,
  },
} as const satisfies Record<string, CodeSource>;

/** Each Code node's generated body, by its key in CODE_NODES. */
export type CodeBodies = Record<keyof typeof CODE_NODES, string>;

/** Many upload items become one again, so the answer is recorded and sent once. */
export const ALL_FILES_SENT = `// All files sent: one item again after the uploads, so the answer is recorded and sent once.
return [{ json: { files: $input.all().length }, pairedItem: { item: 0 } }];`;

/** The refusal a failed step ends in (the claim is released after it, so a retry starts afresh). */
export const giveUp = (refusal: {
  status: number;
  text: string;
}) => `// Give up: a step failed; the claim is released so the portal's retry starts afresh.
return [{ json: { refusal: ${JSON.stringify(refusal)} }, pairedItem: { item: 0 } }];`;
