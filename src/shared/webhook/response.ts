/**
 * Readers for every answer shape the spec accepts: a plain string; a list whose
 * first item carries the fields; an object carrying them. Field names come in
 * either case (`Message` or `message`).
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstRecord(body: unknown): Record<string, unknown> | undefined {
  if (Array.isArray(body)) {
    const first: unknown = body[0];
    return isRecord(first) ? first : undefined;
  }
  return isRecord(body) ? body : undefined;
}

function stringField(record: Record<string, unknown> | undefined, ...keys: string[]): string | undefined {
  if (!record) return undefined;
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/** The human message of an answer, or undefined when it has none. */
export function readMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() ? body : undefined;
  const message = stringField(firstRecord(body), 'Message', 'message');
  return message?.trim() ? message : undefined;
}

/** The schedule text: `schedule` first, then `Message` / `message`, or a plain string. */
export function readScheduleText(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() ? body : undefined;
  const text = stringField(firstRecord(body), 'schedule', 'Message', 'message');
  return text?.trim() ? text : undefined;
}

/** The Slack channel a chat answer names, if any. */
export function readSlackChannel(body: unknown): string | undefined {
  const channel = stringField(firstRecord(body), 'slackChannel');
  return channel?.trim() ? channel : undefined;
}
