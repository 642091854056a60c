import { paths } from '../../src/config/paths.ts';
import { pathIn } from '../../src/shared/i18n/locale.ts';

/**
 * The routes issue 26 audits, for both the Lighthouse and the start benches:
 * the menu opened with no session, the chat with a parent signed in.
 */
export const AUDITED_ROUTES: readonly { path: string; signedIn?: boolean }[] = [
  { path: paths.home },
  { path: paths.signIn },
  { path: paths.menu },
  { path: paths.chat, signedIn: true },
  { path: paths.bookConsult },
  { path: pathIn('hi', paths.home) },
];
