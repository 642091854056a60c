import type { User } from '../../../src/shared/webhook/types.ts';

/**
 * Texts the workflow writes for the programme team (the parent's own answers
 * are the reference server's, in server/webhook/messages.ts).
 */
export const en = {
  chatForFacilitator: (user: User, message: string, files: number) =>
    `Message from ${user.name} (${user.number}):\n${message}` +
    (files === 0
      ? ''
      : files === 1
        ? '\n(1 attachment follows in the thread)'
        : `\n(${files} attachments follow in the thread)`),
} as const;

export const chatForFacilitator = en.chatForFacilitator;
