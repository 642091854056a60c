/**
 * The Block Kit of a reschedule request's notice in the staff channel: its text, then the three buttons. Each
 * button's value is the request's request_id; its action_id says which answer it starts (ThriveSlackActions).
 */
import { BUTTONS, type OutcomeAction } from './texts.ts';

/** The actions block's id, by which ThriveSlackActions knows a click on these buttons. */
export const OUTCOME_BLOCK_ID = 'thrive_outcome';

const STYLES: Partial<Record<OutcomeAction, string>> = { confirm: 'primary', decline: 'danger' };

/** An expression of the notice's blocks as JSON text, from expressions of its text and its request_id. */
export function outcomeBlocks(text: string, requestId: string): string {
  const buttons = (Object.keys(BUTTONS) as OutcomeAction[]).map((action) => ({
    type: 'button',
    action_id: action,
    text: { type: 'plain_text', text: BUTTONS[action] },
    ...(STYLES[action] ? { style: STYLES[action] } : {}),
  }));
  // An n8n expression ends at the first "}}", so the buttons' JSON keeps its closing braces apart.
  const literal = JSON.stringify(buttons).replaceAll('}}', '} }');
  return `JSON.stringify([{ type: 'section', text: { type: 'mrkdwn', text: ${text} } }, { type: 'actions', block_id: '${OUTCOME_BLOCK_ID}', elements: ${literal}.map((button) => ({ ...button, value: ${requestId} })) }])`;
}
