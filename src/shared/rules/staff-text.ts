/**
 * Words staff write for a parent to read (a request's reason or note, a chat
 * reply), as /staff and n8n's Slack form check them: line breaks allowed, no
 * other control character, and nothing that turns the direction of the text,
 * so a reason ending `\u202Egnp.exe` cannot read as `exe.png` on the parent's
 * screen. A parent's own message may quote anything (/staff shows each such
 * character as its code); staff words reach a parent's screen as they are.
 */
import { hasControlCharacterBesidesLineBreaks, hasDirectionControl } from './control-characters.ts';

export type StaffTextProblem = 'control' | 'direction';

export function staffTextProblem(text: string): StaffTextProblem | undefined {
  if (hasControlCharacterBesidesLineBreaks(text)) return 'control';
  if (hasDirectionControl(text)) return 'direction';
  return undefined;
}
