/**
 * Where the webhook listens on the portal's own origin: the page's default
 * VITE_WEBHOOK_URL, the reference server's route, and the tests' recording
 * webhook all read it from here.
 */
export const WEBHOOK_PATH = '/api/webhook';
