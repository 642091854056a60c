import { erasureWorkflow, errorsWorkflow, retentionWorkflow } from '../housekeeping/graphs.ts';
import { conversationWorkflow } from './graph.ts';
import { WORKFLOWS } from './ids.ts';
import { slackEventsWorkflow } from './slack-events.ts';

/** The conversation's and housekeeping's workflow files, by path, written as `jsonFile` writes JSON. */
export async function conversationFiles(
  jsonFile: (path: string, value: unknown) => Promise<string>,
): Promise<Record<string, string>> {
  const workflows = [
    [WORKFLOWS.conversation.path, conversationWorkflow()],
    [WORKFLOWS.slackEvents.path, slackEventsWorkflow()],
    [WORKFLOWS.retention.path, retentionWorkflow()],
    [WORKFLOWS.erasure.path, erasureWorkflow()],
    [WORKFLOWS.errors.path, errorsWorkflow()],
  ] as const;
  return Object.fromEntries(
    await Promise.all(workflows.map(async ([path, json]) => [path, await jsonFile(path, json)])),
  );
}
