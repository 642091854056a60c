import { paths } from '../../src/config/paths.ts';
import { pathIn } from '../../src/shared/i18n/locale.ts';
import { SESSION_USER_KEY } from '../../src/shared/session/session-user.ts';

/** One audited route; `signedIn` opens it with the demo parent signed in (signedInScript). */
export interface AuditedRoute {
  path: string;
  signedIn?: boolean;
}

/**
 * The audited routes, for the Lighthouse, start and first-task benches:
 * the menu opened with no session, the chat with a parent signed in.
 */
export const AUDITED_ROUTES: readonly AuditedRoute[] = [
  { path: paths.home },
  { path: paths.signIn },
  { path: paths.menu },
  { path: paths.chat, signedIn: true },
  { path: paths.bookConsult },
  { path: pathIn('hi', paths.home) },
];

/** A route as the start benches print it: whether a parent was signed in, where that decides what it shows. */
export const routeLabel = ({ path, signedIn = false }: AuditedRoute) =>
  `${path}${signedIn ? ' (signed in)' : path === paths.menu ? ' (no session)' : ''}`;

/** The benches' phone (BareChromium emulates its touch screen) and its CPU, as slow as a cheap one's. */
export const PHONE_SCREEN = { width: 390, height: 844 };
export const CPU_SLOWDOWN = 4;

/** The seeded demo parent (server/roster.seed.json). */
export const DEMO_PARENT = { name: 'Asha Verma', number: '9876543210' };

/** A page script that signs the demo parent in, as sign-in leaves the tab. */
export const signedInScript = () =>
  `sessionStorage.setItem(${JSON.stringify(SESSION_USER_KEY)}, ${JSON.stringify(JSON.stringify(DEMO_PARENT))})`;
