/**
 * A self-signed TLS certificate for 127.0.0.1, made in memory with node:crypto,
 * for the fake push service: web-push speaks only https, as every real push
 * service does. No key is kept in the repository and no openssl is needed.
 * Whoever calls the service trusts `certPem` (an https.Agent's `ca`, or
 * NODE_EXTRA_CA_CERTS for a server process).
 */
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

const der = (tag: number, ...parts: Buffer[]): Buffer => {
  const body = Buffer.concat(parts);
  const n = body.length;
  const length =
    n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, body]);
};
const sequence = (...parts: Buffer[]) => der(0x30, ...parts);
const oid = (dotted: string): Buffer => {
  const [a = 0, b = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [a * 40 + b];
  for (const value of rest) {
    const groups = [value & 0x7f];
    for (let v = value >> 7; v > 0; v >>= 7) groups.unshift((v & 0x7f) | 0x80);
    bytes.push(...groups);
  }
  return der(0x06, Buffer.from(bytes));
};
const utcTime = (at: Date) => der(0x17, Buffer.from(at.toISOString().replace(/^\d\d|[-:T]|\.\d+/g, '')));
const commonName = (name: string) => sequence(der(0x31, sequence(oid('2.5.4.3'), der(0x0c, Buffer.from(name)))));

const ECDSA_SHA256 = sequence(oid('1.2.840.10045.4.3.2'));

export interface SelfSignedCertificate {
  certPem: string;
  keyPem: string;
}

/**
 * A serial number as DER wants it: positive (top bit clear) and minimal (no
 * leading zero byte), so its first byte is one of 0x01-0x7f.
 */
const certificateSerial = (random: Buffer): Buffer =>
  Buffer.concat([Buffer.from([((random[0] ?? 0) % 0x7f) + 1]), random.subarray(1)]);

/** A certificate for https://127.0.0.1 and https://localhost, valid from a day ago for a year. */
export function selfSignedCertificate(random: Buffer = randomBytes(8)): SelfSignedCertificate {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const name = commonName('127.0.0.1');
  const altNames = sequence(der(0x87, Buffer.from([127, 0, 0, 1])), der(0x82, Buffer.from('localhost')));
  const extensions = der(
    0xa3,
    sequence(
      sequence(oid('2.5.29.19'), der(0x01, Buffer.from([0xff])), der(0x04, sequence(der(0x01, Buffer.from([0xff]))))),
      sequence(oid('2.5.29.17'), der(0x04, altNames)),
    ),
  );
  const serial = certificateSerial(random);
  const now = Date.now();
  const tbs = sequence(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, serial),
    ECDSA_SHA256,
    name,
    sequence(utcTime(new Date(now - 86_400_000)), utcTime(new Date(now + 365 * 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = sequence(tbs, ECDSA_SHA256, der(0x03, Buffer.from([0]), signature));
  const base64 = certificate.toString('base64').replace(/.{64}/g, '$&\n');
  return {
    certPem: `-----BEGIN CERTIFICATE-----\n${base64}\n-----END CERTIFICATE-----\n`.replace('\n\n', '\n'),
    keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
