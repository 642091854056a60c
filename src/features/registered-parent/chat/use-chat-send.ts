import { useCallback } from 'react';
import { toast } from 'sonner';
import { checkMessage } from '../../../shared/rules/message.ts';
import { toAttachments } from '../../../shared/webhook/attachments.ts';
import { buildEnvelope } from '../../../shared/webhook/envelope.ts';
import { readMessage, readSlackChannel } from '../../../shared/webhook/response.ts';
import { en } from '../messages.ts';
import { useSessionUser } from '../session/use-session-user.ts';
import { deliver } from '../submit/deliver.ts';
import { useSubmission } from '../submit/use-submission.ts';

const t = en.chat;

export interface ChatResult {
  message: string | undefined;
  channel: string | undefined;
}

/** One tap on Send Message: check the message, read the files, build the envelope once, deliver it. */
export function useChatSend() {
  const { user } = useSessionUser();
  const submission = useSubmission<ChatResult>();
  const { run } = submission;

  const send = useCallback(
    (message: string, files: readonly File[], onSent: () => void) => {
      if (!user) return;
      const problem = checkMessage(message);
      if (problem) {
        toast.error(problem === 'empty' ? t.emptyMessage : t.tooLong);
        return;
      }
      void run(
        async () => {
          const attachments = await toAttachments(files);
          const envelope = buildEnvelope({
            action: 'chat_facilitator',
            user,
            payload: { message: message.trim(), attachments },
          });
          const { body } = await deliver(envelope);
          return { message: readMessage(body), channel: readSlackChannel(body) };
        },
        {
          failedText: t.failed,
          onSuccess: () => {
            toast.success(t.sentToast);
            onSent();
          },
        },
      );
    },
    [user, run],
  );

  return { ...submission, send };
}
