/**
 * How another workflow starts Thrive push at once: Execute Workflow without waiting for it, the item passed as it
 * is (Thrive push's "Run now" takes anything; with no `now` it runs at the clock's time). Its failure to start is
 * output 1; the caller goes on either way, since the next minute's run sends what is queued.
 */
import { WORKFLOWS } from '../toolkit/ids.ts';
import { node, type N8nNode, type Position } from '../toolkit/nodes.ts';

export function sendPushesNow(name: string, position: Position): N8nNode {
  return {
    ...node(name, 'executeWorkflow', 1.2, position, {
      workflowId: { __rl: true, mode: 'id', value: WORKFLOWS.push.id },
      options: { waitForSubWorkflow: false },
    }),
    onError: 'continueErrorOutput',
  };
}
