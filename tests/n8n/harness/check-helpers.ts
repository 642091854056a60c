/** What the n8n-only checks share: a POST to the webhook, and a comparison that names what differs. */

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
