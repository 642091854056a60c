// Check withdrawal: what withdrawing the announcement a post's Withdraw named does, as /staff decides it
// (src/shared/announcements/withdrawal.ts). A move whose usual time has passed while its new time has not is
// refused: nothing is withdrawn, and the staff member who pressed it is told why, in the channel, seen by them alone.
// Else it is withdrawn, and a session change's parents whose session is still ahead are sent an update of their own
// (the item thrive.withdraw_change stores with the withdrawal): the programme's words in both languages, from whoever
// withdrew it, to the withdrawn change's audience, urgent within a day.
import { withdrawnChangeText } from '../../../../src/shared/announcements/session-change-text.ts';
import { withdrawalOf } from '../../../../src/shared/announcements/withdrawal.ts';
import { PROBLEMS } from '../problems.ts';

const { id, by, user, channel } = $('Called').first().json;
const { kind, sent, audience_label: label, changes } = $json;
const now = new Date();
const withdrawal = withdrawalOf(kind, sent, changes, now);
if (!withdrawal.ok) return { json: { refused: true, user, channel, text: PROBLEMS[withdrawal.problem] } };
const withdrawn = { refused: false, id, at: now.toISOString() };
const { tell } = withdrawal;
if (!tell) return { json: { ...withdrawn, item: null } };
const [en, hi] = [withdrawnChangeText(tell.back, 'en', now), withdrawnChangeText(tell.back, 'hi', now)];
const item = {
  kind: 'announcement',
  title_en: en.title,
  body_en: en.body,
  title_hi: hi.title,
  body_hi: hi.body,
  audience: { kind: 'parents', numbers: tell.numbers },
  audience_label: label,
  send_at: null,
  urgent: tell.urgent,
  created_by: by,
};
return { json: { ...withdrawn, item } };
