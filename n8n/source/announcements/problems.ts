/**
 * What the Slack forms say is wrong with a form: src/shared/announcements/messages.ts's problems, the words /staff
 * shows. A module of its own, so the form's other texts bundle into a Code node without them.
 */
export { en as PROBLEMS } from '../../../src/shared/announcements/messages.ts';
