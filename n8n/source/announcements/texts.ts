/**
 * What the Slack forms say to the programme team (English, as the /staff pages): the problems are
 * src/shared/announcements/messages.ts's, the words /staff shows.
 */
export { en as PROBLEMS } from '../../../src/shared/announcements/messages.ts';

/** The slash command's words and the shortcuts' callback_ids that open each form. */
export const FORMS = {
  announce: { callback: 'thrive_announce', title: 'Announcement', submit: 'Send' },
  change: { callback: 'thrive_session_change', title: 'Change a session', submit: 'Change' },
} as const;

export type FormKind = keyof typeof FORMS;

/** Who an announcement is for, as the form lists them. */
export const AUDIENCE_LABELS = {
  everyone: 'Everyone on the roster',
  facilitator: "{name}'s parents",
  parents: 'Chosen parents',
} as const;
