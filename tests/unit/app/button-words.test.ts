import { describe, expect, it } from 'vitest';
import { en as pwa } from '../../../src/app/pwa/messages.ts';
import { en as visitor } from '../../../src/features/visitor/messages.ts';
import { english } from '../../support/english-catalogs.ts';

/**
 * One capitalisation for the buttons the spec does not name. The
 * spec's own buttons are in Title Case ('Fetch My Schedule', 'Send Another
 * Message', 'Back to Options'; 'Clear selection' is its one exception and
 * stays as it is), so the others follow them: a screen reads as one style.
 */
const UNNAMED_BUTTONS: Record<string, string> = {
  'menu: log out anyway': english.menu.logoutAnyway,
  'menu: stay signed in': english.menu.stay,
  'schedule: download a session': english.schedule.calendar.download,
  'schedule: add all': english.schedule.calendar.addAll,
  'chat: send the original': english.conversation.chat.sendOriginal,
  'conversation: send a code': english.conversation.thread.sendCode,
  'conversation: verify': english.conversation.thread.verify,
  'conversation: a new code': english.conversation.thread.newCode,
  'conversation: show earlier messages': english.conversation.thread.showEarlier,
  'conversation: open a file': english.conversation.thread.openFile,
  'conversation: save a file': english.conversation.thread.saveFile,
  'outbox: send now': english.outbox.sendNow,
  'outbox: retry': english.outbox.retry,
  'outbox: discard': english.outbox.discard,
  'outbox: confirm discard': english.outbox.discardConfirm,
  'outbox: keep': english.outbox.discardCancel,
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
