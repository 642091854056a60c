/**
 * What the n8n-only checks share: a POST to the webhook, a comparison that names what differs, a wait for what the
 * workflows record, and a parent's verified device.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Postgres } from './postgres.ts';

export interface Answer {
  status: number;
  text: string;
  headers: Headers;
}

export function poster(webhookUrl: string): (body: unknown) => Promise<Answer> {
  return async (body) => {
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, text: await response.text(), headers: response.headers };
  };
}

/** No problem when the two are alike as JSON; else one naming `what`. */
export const expectEqual = (what: string, actual: unknown, expected: unknown): string[] =>
  JSON.stringify(actual) === JSON.stringify(expected)
    ? []
    : [`${what}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`];

/** Whether `holds` comes true as the workflows record what they did (looked at every 100 ms, for at most `ms`). */
export async function eventually(holds: () => boolean, ms = 30_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (holds()) return true;
    await new Promise((done) => setTimeout(done, 100));
  }
  return holds();
}

/** A verified device of the number: a token as verify_code makes it (only its SHA-256 kept), as its header. */
export function verifiedDevice(postgres: Postgres, numberKey: string): { authorization: string } {
  const token = randomUUID();
  const hash = createHash('sha256').update(token).digest('hex');
  postgres.run(`INSERT INTO thrive.parent_tokens (token_hash, number_key, created_at, expires_at)
    VALUES ('${hash}', '${numberKey}', now(), now() + interval '1 day')`);
  return { authorization: `Bearer ${token}` };
}
