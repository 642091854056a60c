// Encrypt: the payload encrypted for the subscription's keys (aes128gcm, RFC 8291), as binary for "Push". The
// `crypto` built-in is node:crypto, which NODE_FUNCTION_ALLOW_BUILTIN must allow (n8n/README.md).
import { encryptPush } from '../../../../src/shared/push/web-push-crypto.ts';

// oxlint-disable-next-line typescript/no-require-imports -- n8n's task runner gives built-ins this way
const crypto = require('crypto');
const { p256dh, auth, payload, ...rest } = $json;
const body = encryptPush(crypto, payload, { p256dh, auth });
return {
  json: rest,
  binary: { body: { data: Buffer.from(body).toString('base64'), mimeType: 'application/octet-stream' } },
};
