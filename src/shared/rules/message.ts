export const MESSAGE_MAX_LENGTH = 500;

export type MessageProblem = 'empty' | 'too-long';

/** Checks a chat message after trimming; null when it may be sent. */
export function checkMessage(raw: string): MessageProblem | null {
  const message = raw.trim();
  if (message === '') return 'empty';
  if (message.length > MESSAGE_MAX_LENGTH) return 'too-long';
  return null;
}
