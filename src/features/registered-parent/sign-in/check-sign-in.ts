import { hasControlCharacter } from '../../../shared/rules/control-characters.ts';
import { isValidPhone } from '../../../shared/rules/phone.ts';
import { hasAllRequired } from '../../../shared/rules/required.ts';

export type SignInProblem = 'required' | 'name' | 'phone';

/**
 * Spec §5: both fields are required after trimming, then the phone must read as a phone number. A name with a
 * control character (a pasted tab or line break) is refused here, as the webhook would refuse every request made
 * with it.
 */
export function checkSignIn(name: string, number: string): SignInProblem | null {
  if (!hasAllRequired(name, number)) return 'required';
  if (hasControlCharacter(name.trim())) return 'name';
  if (!isValidPhone(number)) return 'phone';
  return null;
}
