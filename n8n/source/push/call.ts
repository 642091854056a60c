/**
 * How another workflow runs Thrive push at once: Execute Workflow, the item passed as it is (Thrive push's "Run
 * now" takes anything; with no `now` it runs at the clock's time).
 * - sendPushesNow, after the workflow has answered its own caller: it waits for the run; its failure is output 1,
 *   linked to nothing: the next minute's run sends what is still queued.
 * - startPushesNow, before the workflow answers: it only starts the run and passes its item on at once, so the
 *   answer never waits for a push service. If the run cannot be started, the answer still goes (its item is then
 *   only the error: the nodes after it read an earlier node's), and the next minute's run sends what is due.
 */
import { WORKFLOWS } from '../toolkit/ids.ts';
import { startWorkflow } from '../toolkit/io-nodes.ts';
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

export const startPushesNow = (name: string, position: Position) => startWorkflow(name, position, WORKFLOWS.push.id);
