import { describe, expect, it } from 'vitest';
import { failureText, WebhookError } from '../../../../src/shared/webhook/errors.ts';

const FALLBACK = 'Failed to send message';

describe('failureText', () => {
  it.each([
    [
      'the server text of an error answer',
      new WebhookError('http', 'Facilitator is on leave', 503),
      'Facilitator is on leave',
    ],
    [
      'the default for an error answer with an empty body',
      new WebhookError('http', 'Failed to submit request', 500),
      FALLBACK,
    ],
    ['the default for a lost connection', new WebhookError('network', 'Failed to fetch'), FALLBACK],
    ['the default for a timeout', new WebhookError('timeout', 'No answer within 20 s'), FALLBACK],
    ['the default for anything else thrown', new Error('boom'), FALLBACK],
    ['the default for a thrown non-error', 'boom', FALLBACK],
  ])('gives %s', (_case, error, expected) => {
    expect(failureText(error, FALLBACK)).toBe(expected);
  });
});
