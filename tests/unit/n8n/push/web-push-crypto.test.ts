import * as nodeCrypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  encryptPush,
  endpointOrigin,
  fromBase64Url,
  toBase64Url,
  vapidAuthorization,
  VAPID_JWT_LIFETIME_S,
  type PushCrypto,
} from '../../../../src/shared/push/web-push-crypto.ts';
import { checkVapid, decryptPush, subscriptionKeys } from '../../../../bench/support/fake-push-crypto.ts';

const crypto = nodeCrypto as unknown as PushCrypto;

function vapidPair() {
  const ecdh = nodeCrypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
    subject: 'mailto:programme@example.org',
  };
}

describe('the Web Push crypto a Code node runs (RFC 8291, RFC 8292)', () => {
  it('encrypts a payload that the receiving browser decrypts, with a fresh key and salt each time', () => {
    const keys = subscriptionKeys();
    const payload = JSON.stringify({ kind: 'reply', author: 'सुश्री राव', language: 'hi' });
    const first = Buffer.from(encryptPush(crypto, payload, keys));
    const second = Buffer.from(encryptPush(crypto, payload, keys));
    expect(decryptPush(first, keys).toString('utf8')).toBe(payload);
    expect(decryptPush(second, keys).toString('utf8')).toBe(payload);
    expect(first.subarray(0, 16).equals(second.subarray(0, 16)), 'salt').toBe(false);
    expect(first.readUInt32BE(16), 'record size').toBe(4096);
    expect(first[20], 'keyid length').toBe(65);
    // Another subscription's keys cannot read it.
    expect(() => decryptPush(first, subscriptionKeys())).toThrow();
  });

  it('keeps a 3,000-byte payload in one record under the 4,096-byte body push services take', () => {
    const keys = subscriptionKeys();
    const payload = 'अ'.repeat(1000);
    const body = encryptPush(crypto, payload, keys);
    expect(body.length).toBeLessThanOrEqual(4096);
    expect(decryptPush(Buffer.from(body), keys).toString('utf8')).toBe(payload);
  });

  it('signs a VAPID JWT the push service accepts: its origin, an expiry within 24 hours, the subject, the key', () => {
    const vapid = vapidPair();
    const now = new Date();
    const endpoint = 'https://127.0.0.1:8443/push/abc?x=1';
    const authorization = vapidAuthorization(crypto, endpoint, vapid, now);
    const { claims, key } = checkVapid(authorization, 'https://127.0.0.1:8443', now.getTime());
    expect(key).toBe(vapid.publicKey);
    expect(claims).toEqual({
      aud: 'https://127.0.0.1:8443',
      exp: Math.floor(now.getTime() / 1000) + VAPID_JWT_LIFETIME_S,
      sub: vapid.subject,
    });
    // Signed with another private key, it does not verify against k=.
    const forged = vapidAuthorization(crypto, endpoint, { ...vapid, privateKey: vapidPair().privateKey }, now);
    expect(() => checkVapid(forged, 'https://127.0.0.1:8443', now.getTime())).toThrow(/signature/);
  });

  it('writes base64url as Node does, both ways', () => {
    for (const length of [0, 1, 2, 3, 16, 32, 65]) {
      const bytes = nodeCrypto.randomBytes(length);
      expect(toBase64Url(bytes)).toBe(bytes.toString('base64url'));
      expect(Buffer.from(fromBase64Url(bytes.toString('base64url'))).equals(bytes)).toBe(true);
    }
  });
});

describe('the JWT audience of an endpoint', () => {
  it('is the origin URL gives, without URL', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://Updates.Push.Services.Mozilla.com:443/wpush/v2/x',
      'https://127.0.0.1:8443/push/1?x=y#z',
      'https://web.push.apple.com',
    ]) {
      expect(endpointOrigin(endpoint)).toBe(new URL(endpoint).origin);
    }
    expect(() => endpointOrigin('http://example.org/push')).toThrow(RangeError);
  });
});
