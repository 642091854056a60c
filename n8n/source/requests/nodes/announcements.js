// Announcements: list_announcements and mark_announcement_seen as the reference server answers them
// (server/announcements/actions.ts): a parent on the roster (name and number together, else 404) reads their
// announcements, newest first, in the language asked for when each has it (parentAnnouncement, shared); a mark of
// one not addressed to them, withdrawn or unknown is 404 and stores nothing; else "Mark seen" keeps the first
// opening, and the answer is { seen: true, announcement_id }.
import { parentAnnouncement } from '../../../../src/shared/announcements/parent-view.ts';
import { nameKey } from '../../../../src/shared/rules/phone.ts';

const { envelope } = $('Called by the portal webhook').first().json;
const { action, user, payload } = envelope;
const language = envelope.language === 'hi' ? 'hi' : 'en';
const { parent_name: parentName, announcements } = $json;
const onRoster = parentName !== null && nameKey(parentName) === nameKey(user.name);
const refuse = (key, claimed) => ({ json: { status: 404, text: { key, values: {} }, claimed, mark: null } });

if (action === 'list_announcements') {
  if (!onRoster) return refuse('notOnRoster', false);
  const listed = announcements.map((row) => parentAnnouncement(row, language));
  return { json: { status: 200, answer: { announcements: listed }, claimed: false, mark: null } };
}
const id = payload.announcement_id;
if (!onRoster || !announcements.some((row) => row.id === id)) return refuse('announcementNotFound', true);
return { json: { status: 200, answer: { seen: true, announcement_id: id }, claimed: true, mark: id } };
