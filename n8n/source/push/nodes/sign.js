// Sign: the push's VAPID Authorization (RFC 8292): an ES256 JWT for the push service's origin, signed with
// THRIVE_VAPID_PRIVATE_KEY, naming THRIVE_VAPID_SUBJECT, with THRIVE_VAPID_PUBLIC_KEY. At the real time: the
// clock a test sets moves reminders and quiet hours, not the push service's.
import { vapidAuthorization } from '../../../../src/shared/push/web-push-crypto.ts';

// oxlint-disable-next-line typescript/no-require-imports -- n8n's task runner gives built-ins this way
const crypto = require('crypto');
const variable = (name) => {
  try {
    return $env[name] ?? '';
  } catch {
    return ''; // n8n hides the environment from Code nodes (N8N_BLOCK_ENV_ACCESS_IN_NODE)
  }
};
const vapid = {
  publicKey: variable('THRIVE_VAPID_PUBLIC_KEY'),
  privateKey: variable('THRIVE_VAPID_PRIVATE_KEY'),
  subject: variable('THRIVE_VAPID_SUBJECT'),
};
const authorization = vapidAuthorization(crypto, $json.endpoint, vapid, new Date());
return { json: { ...$json, authorization } };
