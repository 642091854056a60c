import { describe, expect, it } from 'vitest';
import { X509Certificate } from 'node:crypto';
import { selfSignedCertificate } from '../../../../bench/support/fake-push-tls.ts';

describe('the fake push service’s certificate', () => {
  it.each([
    ['a zero first byte', '0010aabbccddeeff'],
    ['a first byte with its top bit set', '80ffaabbccddeeff'],
    ['0x7f', '7f00000000000000'],
    ['an ordinary one', '3c10aabbccddeeff'],
  ])('parses whatever the random serial starts with: %s', (_, hex) => {
    const { certPem } = selfSignedCertificate(Buffer.from(hex, 'hex'));
    const certificate = new X509Certificate(certPem);
    expect(certificate.serialNumber).toMatch(/^(0[1-9A-F]|[1-7][0-9A-F])[0-9A-F]{14}$/);
    expect(certificate.subjectAltName).toBe('IP Address:127.0.0.1, DNS:localhost');
    expect(certificate.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(certificate.verify(certificate.publicKey)).toBe(true);
  });
});
