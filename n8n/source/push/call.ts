/**
 * How another workflow runs Thrive push at once, after it has answered its own caller: Execute Workflow, the item
 * passed as it is (Thrive push's "Run now" takes anything; with no `now` it runs at the clock's time). Its failure
 * is output 1, linked to nothing: the next minute's run sends what is still queued.
 */
import { WORKFLOWS } from '../toolkit/ids.ts';
import { node, type N8nNode, type Position } from '../toolkit/nodes.ts';

export function sendPushesNow(name: string, position: Position): N8nNode {
  return {
    ...node(name, 'executeWorkflow', 1.2, position, {
      workflowId: { __rl: true, mode: 'id', value: WORKFLOWS.push.id },
      options: { waitForSubWorkflow: true },
    }),
    onError: 'continueErrorOutput',
  };
}
