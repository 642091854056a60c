import { isValidPhone } from '../../../shared/rules/phone.ts';
import { hasAllRequired } from '../../../shared/rules/required.ts';

export type SignInProblem = 'required' | 'phone';

/** Spec §5: both fields are required after trimming, then the phone must read as a phone number. */
export function checkSignIn(name: string, number: string): SignInProblem | null {
  if (!hasAllRequired(name, number)) return 'required';
  if (!isValidPhone(number)) return 'phone';
  return null;
}
