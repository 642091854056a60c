/**
 * What the Slack forms say to the programme team (English, as the /staff pages). Their problems are in problems.ts.
 */
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

/**
 * The announcement form's line under who it is for, brought up to date as staff choose (views.update): how many
 * parents it reaches and how many of them have notifications on, as /staff's preview says before Send.
 */
export const REACH = {
  choose: 'Choose who it is for: this line then says how many parents it reaches and how many have notifications on.',
  line: 'It reaches {parents} ({label}); {notified} of them have notifications on.',
  parent: '1 parent',
  parents: '{count} parents',
} as const;
