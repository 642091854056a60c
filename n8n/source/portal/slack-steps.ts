/**
 * The steps "Next Slack step" routes on, one output each, in this order. "Slack so far", "Store post" and "Store
 * file" all answer one row naming the step (thrive.slack_next_step), so the nodes of a step read that row from
 * "Next Slack step" itself: from its latest run, on the output of the step that led to them.
 */
export const SLACK_STEPS = ['message', 'find message', 'file', 'find file', 'notice', 'find notice', 'done'] as const;

export type SlackStep = (typeof SLACK_STEPS)[number];

/** An expression: the row "Next Slack step" last sent on one of `steps` (only one of its outputs holds it). */
export const stepRow = (...steps: SlackStep[]): string =>
  `(${steps.map((step) => `$('Next Slack step').first(${SLACK_STEPS.indexOf(step)})`).join(' ?? ')}).json`;
