import { describe, expect, it } from 'vitest';
import { en as pwa } from '../../../src/app/pwa/messages.ts';
import { en as visitor } from '../../../src/features/new-visitor/messages.ts';
import { en as parent } from '../../../src/features/registered-parent/messages.ts';

/**
 * Issue 27: one capitalisation for the buttons the spec does not name. The
 * spec's own buttons are in Title Case ('Fetch My Schedule', 'Send Another
 * Message', 'Back to Options'; 'Clear selection' is its one exception and
 * stays as it is), so the others follow them: a screen reads as one style.
 */
const UNNAMED_BUTTONS: Record<string, string> = {
  'menu: log out anyway': parent.menu.logoutAnyway,
  'menu: stay signed in': parent.menu.stay,
  'schedule: download a session': parent.schedule.calendar.download,
  'schedule: add all': parent.schedule.calendar.addAll,
  'chat: send the original': parent.chat.sendOriginal,
  'conversation: send a code': parent.conversation.sendCode,
  'conversation: verify': parent.conversation.verify,
  'conversation: a new code': parent.conversation.newCode,
  'conversation: show earlier messages': parent.conversation.showEarlier,
  'conversation: open a file': parent.conversation.openFile,
  'conversation: save a file': parent.conversation.saveFile,
  'outbox: send now': parent.outbox.sendNow,
  'outbox: retry': parent.outbox.retry,
  'outbox: discard': parent.outbox.discard,
  'outbox: confirm discard': parent.outbox.discardConfirm,
  'outbox: keep': parent.outbox.discardCancel,
  'visitor: discard the refused request': visitor.saved.discard,
  'visitor: book': visitor.bookConsult.submit,
  'visitor: schedule': visitor.scheduleCall.submit,
  'app: install': pwa.install.button,
  'app: reload for the new version': pwa.update.reload,
};

/** Short joining words stay lower case inside a title, as in the spec's 'Back to Options'. */
const MINOR = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to']);

function titleCase(text: string): boolean {
  return text.split(/\s+/).every((word, index) => (index > 0 && MINOR.has(word)) || /^[A-Z0-9]/.test(word));
}

describe('the buttons the spec does not name', () => {
  it.each(Object.entries(UNNAMED_BUTTONS))('%s ("%s") is in Title Case, like the spec’s own', (_button, text) => {
    expect(titleCase(text)).toBe(true);
  });

  it('tells Title Case from sentence case', () => {
    expect(titleCase('Add All to Calendar')).toBe(true);
    expect(titleCase('Add all to calendar')).toBe(false);
  });
});
