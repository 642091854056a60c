import { useCallback } from 'react';
import { toast } from 'sonner';
import { withBlobAttachments } from '../../../shared/outbox/wire.ts';
import { checkMessage } from '../../../shared/rules/message.ts';
import { buildEnvelope } from '../../../shared/webhook/envelope.ts';
import { readMessage, readSlackChannel } from '../../../shared/webhook/response.ts';
import { en } from '../messages.ts';
import { useSessionUser } from '../session/use-session-user.ts';
import { deliver } from '../submit/deliver.ts';
import { readDelivery, useSubmission } from '../submit/use-submission.ts';

const t = en.chat;

export interface ChatResult {
  message: string | undefined;
  channel: string | undefined;
}

function readChatAnswer(body: unknown): ChatResult {
  return { message: readMessage(body), channel: readSlackChannel(body) };
}

/**
 * One tap on Send Message: check the message, build the envelope once and
 * deliver it (or keep it for later). Files stay Blobs until the moment they
 * are sent, so a message kept for later costs no base64 copy on the phone.
 */
export function useChatSend() {
  const { user } = useSessionUser();
  const submission = useSubmission<ChatResult>();
  const { run } = submission;

  const send = useCallback(
    (message: string, files: readonly File[], onDone: () => void) => {
      if (!user) return;
      const problem = checkMessage(message);
      if (problem) {
        toast.error(problem === 'empty' ? t.emptyMessage : t.tooLong);
        return;
      }
      const envelope = withBlobAttachments(
        buildEnvelope({ action: 'chat_facilitator', user, payload: { message: message.trim(), attachments: [] } }),
        files,
      );
      void run(async () => readDelivery(await deliver(envelope), readChatAnswer), {
        failedText: t.failed,
        onSuccess: () => toast.success(t.sentToast),
        onDone,
      });
    },
    [user, run],
  );

  return { ...submission, send };
}
