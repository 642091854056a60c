/**
 * The portal webhook's answers: Respond to Webhook with the reference server's security headers and, for the
 * portal's POST, its CORS answer. n8n puts its own sandbox Content-Security-Policy on every webhook answer and
 * drops any other; Strict-Transport-Security is the HTTPS proxy's (n8n drops it too).
 */
import { SECURITY_HEADERS } from '../../../server/http/security-headers.ts';
import { ENV } from '../toolkit/ids.ts';
import { respond, type Reply } from '../toolkit/io-nodes.ts';
import { env, type N8nNode, type Position } from '../toolkit/nodes.ts';

/**
 * CORS from THRIVE_ALLOWED_ORIGINS (comma-separated): a listed origin is allowed, any other is answered with the
 * first listed, which its browser refuses; unset, every origin is (n8n's own default for webhooks).
 */
const ALLOWED_ORIGIN = `={{ (() => {
  const origin = $('Webhook').first().json.headers.origin;
  const allowed = ${env(ENV.allowedOrigins, '')}.split(',').map((entry) => entry.trim()).filter(Boolean);
  return allowed.length === 0 || allowed.includes(origin) ? (origin ?? '*') : allowed[0];
})() }}`;

/** An answer of the portal webhook; the 405 of the other methods has no CORS answer (`cors: false`). */
export function respondToPortal(name: string, position: Position, reply: Reply & { cors?: boolean }): N8nNode {
  const { cors = true, headers, ...rest } = reply;
  return respond(name, position, {
    ...rest,
    headers: {
      ...SECURITY_HEADERS,
      ...(cors && { 'Access-Control-Allow-Origin': ALLOWED_ORIGIN, Vary: 'Origin' }),
      ...headers,
    },
  });
}
