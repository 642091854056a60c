import { useCallback } from 'react';
import { env } from '../../../config/env.ts';
import { formatCount } from '../../../shared/format/number.ts';
import { activeLocale } from '../../../shared/i18n/catalog.ts';
import { pageOutbox } from '../../../shared/outbox/portal-outbox.ts';
import { withBlobAttachments } from '../../../shared/outbox/wire.ts';
import { checkMessage, MESSAGE_MAX_LENGTH, type MessageProblem } from '../../../shared/rules/message.ts';
import { buildEnvelope } from '../../../shared/webhook/envelope.ts';
import { readMessage, readSlackChannel } from '../../../shared/webhook/response.ts';
import { useProblemToast } from '../../../ui/use-screen-toast.ts';
import { useSubmission } from '../../../ui/use-submission.ts';
import { useSessionUser } from '../../sign-in/use-session-user.ts';
import { conversationText } from '../messages.ts';

export interface ChatResult {
  message: string | undefined;
  channel: string | undefined;
}

function readChatAnswer(body: unknown): ChatResult {
  return { message: readMessage(body), channel: readSlackChannel(body) };
}

/**
 * One tap on Send Message: check the message, build the envelope once and
 * hand it to the outbox, which stores it before it sends it. Files stay Blobs
 * until the moment they are sent, so a message kept for later costs no base64
 * copy on the phone. `typed` is the message box as it is now: a toast about
 * the message goes once it may be sent.
 */
export function useChatSend(typed: string) {
  const t = conversationText().chat;
  const { user } = useSessionUser();
  const submission = useSubmission(readChatAnswer, { failed: t.failed, sent: t.sentToast });
  const { run } = submission;
  const { show: showProblem, held } = useProblemToast<MessageProblem>(
    'chat-message',
    (problem) => checkMessage(typed) !== problem,
  );

  const send = useCallback(
    (message: string, files: readonly File[], onDone: () => Promise<void>) => {
      if (!user) return;
      const problem = checkMessage(message);
      if (problem) {
        showProblem(problem, problem === 'empty' ? t.emptyMessage : t.tooLong(formatCount(MESSAGE_MAX_LENGTH)));
        return;
      }
      const envelope = withBlobAttachments(
        buildEnvelope({
          action: 'chat_facilitator',
          user,
          payload: { message: message.trim(), attachments: [] },
          language: activeLocale(),
        }),
        files,
      );
      void run(() => pageOutbox(env.webhookUrl).submit(envelope), onDone);
    },
    [user, run, t, showProblem],
  );

  return { ...submission, send, messageError: held?.text };
}
