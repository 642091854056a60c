import { erasureWorkflow, errorsWorkflow, retentionWorkflow } from '../housekeeping/graphs.ts';
import { conversationWorkflow } from './graph.ts';
import { WORKFLOWS } from './ids.ts';
import { slackEventsWorkflow } from './slack-events.ts';

/** The conversation's and housekeeping's workflow files, by path, written as `workflowFile` writes a workflow. */
export function conversationFiles(workflowFile: (workflow: object) => string): Record<string, string> {
  const workflows = [
    [WORKFLOWS.conversation.path, conversationWorkflow()],
    [WORKFLOWS.slackEvents.path, slackEventsWorkflow()],
    [WORKFLOWS.retention.path, retentionWorkflow()],
    [WORKFLOWS.erasure.path, erasureWorkflow()],
    [WORKFLOWS.errors.path, errorsWorkflow()],
  ] as const;
  return Object.fromEntries(workflows.map(([path, json]) => [path, workflowFile(json)]));
}
