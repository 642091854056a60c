import { describe, expect, it } from 'vitest';
import { en } from '../../../../src/features/registered-parent/messages.ts';
import { failureText, storageFailureText } from '../../../../src/features/registered-parent/submit/failure-text.ts';
import { OutboxStorageError } from '../../../../src/shared/outbox/errors.ts';
import { WebhookError } from '../../../../src/shared/webhook/errors.ts';

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

describe('storageFailureText', () => {
  it.each([
    ['a full phone', new OutboxStorageError('quota', new Error('full')), en.saved.storageFull],
    [
      'storage the browser refused',
      new OutboxStorageError('unavailable', new Error('no')),
      en.saved.storageUnavailable,
    ],
    ['nothing for a refusal by the server', new WebhookError('http', 'No', 422), undefined],
    ['nothing for anything else thrown', new Error('boom'), undefined],
  ])('gives %s its own text', (_case, error, expected) => {
    expect(storageFailureText(error, en.saved)).toBe(expected);
  });

  it('says what the parent typed is still there', () => {
    expect(en.saved.storageFull).toContain('what you entered is still here');
    expect(en.saved.storageUnavailable).toContain('what you entered is still here');
  });
});
