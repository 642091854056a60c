// Notice: a failed execution as a Slack message, from n8n's Error Trigger item (the workflow, and the execution
// or the trigger that failed). &, < and > become text, so nothing in an error's message can ping a channel or
// forge a link.
const slackText = (text) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const failure = $json.execution ?? $json.trigger ?? {};
const where = failure.lastNodeExecuted ? ` at "${failure.lastNodeExecuted}"` : '';
const what = `The n8n workflow "${$json.workflow.name}" failed${where}: ${failure.error?.message ?? 'no message'}`;
const text = failure.url ? `${what}\n${failure.url}` : what;
return { json: { text: ':warning: ' + slackText(text) } };
