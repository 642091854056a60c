import { translated, type Catalog } from '../../shared/i18n/catalog.ts';

/** Every text the sign-in screen and the phone's verification show (the spec's English is exact). */
export const en = {
  title: 'Welcome Back',
  subtitle: 'Sign in with the name and phone number you registered with.',
  nameLabel: 'Name',
  phoneLabel: 'Phone Number',
  phoneHint: 'For example +91 98765 43210, or the 10 digits alone',
  continue: 'Continue',
  back: 'Back',
  required: 'Please fill in all required fields',
  invalidPhone: 'Please enter a valid phone number (10 digits or E.164 format)',
  invalidName: 'Please type your name again: it has a tab, a line break or another character that cannot be sent',
} as const;

export type SignInMessages = Catalog<typeof en>;

/** These texts in the page's language: read where they are shown, never kept at module level. */
export const signInText = (): SignInMessages => translated('sign-in', en);
