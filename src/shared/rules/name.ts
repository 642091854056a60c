/**
 * A person's name, as the page's sign-in and visitor forms and the webhook
 * check it: one line, so no control character (a pasted tab or line break),
 * and nothing that turns the direction of the text around it, so it reads
 * the same in the staff inbox, a chat channel or a log as it was typed.
 * Whether it is there at all is required.ts's rule; its length the schema's, from NAME_MAX_LENGTH.
 */
import { hasControlCharacter, hasDirectionControl } from './control-characters.ts';

/** The longest name the webhook takes (its JSON Schema's maxLength), and so the longest on the roster. */
export const NAME_MAX_LENGTH = 100;

export type NameProblem = 'control' | 'direction';

export function nameProblem(name: string): NameProblem | undefined {
  if (hasControlCharacter(name)) return 'control';
  if (hasDirectionControl(name)) return 'direction';
  return undefined;
}
