import { answerText } from '../contract/texts.ts';

const en = answerText.bind(null, 'en');

/**
 * The English answers in the shape the n8n generator (n8n/source) and its
 * harness (tests/n8n) still import. The reference server no longer reads
 * this file: its texts live in server/contract/texts.ts, in both languages.
 * It goes once n8n/source reads that table.
 */
export const reasons = {
  notJson: en('notJson'),
  missingAction: en('missingAction'),
  tooManyRequestsForNumber: en('tooManyRequestsForNumber'),
  reusedRequestId: en('reusedRequestId'),
  wrongMethod: en('wrongMethod'),
  internal: en('internal'),
} as const;

export const answers = {
  chat: (facilitator: string, count: number) =>
    en(count === 0 ? 'chatReached' : count === 1 ? 'chatReachedWithAttachment' : 'chatReachedWithAttachments', {
      facilitator,
      count,
    }),
} as const;
