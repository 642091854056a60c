import { nameProblem } from '../../shared/rules/name.ts';
import { isValidPhone } from '../../shared/rules/phone.ts';
import { hasAllRequired } from '../../shared/rules/required.ts';

export type SignInProblem = 'required' | 'name' | 'phone';

/**
 * The spec: both fields are required after trimming, then the phone must read as a phone number. A name the
 * webhook would refuse on every request (a pasted tab or line break, a character that turns the text's direction
 * around) is refused here first, by the same rule. In the order they are reported.
 */
const HOLDS: Record<SignInProblem, (name: string, number: string) => boolean> = {
  required: (name, number) => !hasAllRequired(name, number),
  name: (name) => nameProblem(name.trim()) !== undefined,
  phone: (_name, number) => !isValidPhone(number),
};

const ORDER: readonly SignInProblem[] = ['required', 'name', 'phone'];

export function checkSignIn(name: string, number: string): SignInProblem | null {
  return ORDER.find((problem) => HOLDS[problem](name, number)) ?? null;
}

/** Whether `problem` still holds for what is typed now, whatever comes before it: its toast stays only while it does. */
export function signInProblemHolds(problem: SignInProblem, name: string, number: string): boolean {
  return HOLDS[problem](name, number);
}

/**
 * Which field a problem's words go under: 'required' under each field left
 * empty, the others under the field they are about.
 */
export function fieldErrors(
  problem: SignInProblem | undefined,
  text: string | undefined,
  name: string,
  number: string,
): { name?: string | undefined; number?: string | undefined } {
  if (!problem || !text) return {};
  if (problem === 'required') {
    return { name: name.trim() ? undefined : text, number: number.trim() ? undefined : text };
  }
  return problem === 'name' ? { name: text } : { number: text };
}
