import { formatCount } from '../../shared/format/number.ts';
import { useRef, useState, type FormEvent } from 'react';
import { MESSAGE_MAX_LENGTH } from '../../shared/rules/message.ts';
import type { SharedItems } from '../../shared/share/share-target-store.ts';
import { Button } from '../../ui/button.tsx';
import { TextAreaField } from '../../ui/field.tsx';
import { FocusOnShow } from '../../ui/focus-on-show.tsx';
import { Page } from '../../ui/page.tsx';
import { ErrorPanel, SuccessPanel } from '../../ui/panel.tsx';
import { BackToMenu } from '../../ui/back-to-menu.tsx';
import { ConversationSection } from './thread/conversation-section.tsx';
import { useSessionUser } from '../sign-in/use-session-user.ts';
import { ParentSavedPanel } from '../outbox/parent-saved-panel.tsx';
import { AttachmentPicker } from './compose/attachment-picker.tsx';
import { useDataSaver } from './compose/data-saver.ts';
import { QuickMessages, appendToMessage } from './compose/quick-messages.tsx';
import { RefusedFiles, refusalText } from './compose/refusals.tsx';
import type { Refusal } from './compose/attachment-checks.ts';
import { useAttachments } from './compose/use-attachments.ts';
import { useChatSend } from './compose/use-chat-send.ts';
import { sharedAsFiles, useSharedFiles } from './compose/use-share-target.ts';
import { VoiceNote } from './compose/voice-note.tsx';
import { PushOffer } from '../notifications/push-offer.tsx';
import { showScreenNews } from '../../ui/use-screen-toast.ts';
import './compose/chat.css';
import { conversationText } from './messages.ts';

export function ChatPage() {
  const t = conversationText().chat;
  const { user } = useSessionUser();
  const [message, setMessage] = useState('');
  const dataSaver = useDataSaver();
  const attachments = useAttachments(dataSaver.on);
  const [sharedRefused, setSharedRefused] = useState<Refusal[]>([]);
  const shared = useSharedFiles((items: SharedItems) => {
    if (items.text) setMessage((typed) => appendToMessage(typed, items.text));
    void attachments.add(sharedAsFiles(items)).then(setSharedRefused);
  });
  const { state, send, reset, busy, messageError } = useChatSend(message);
  const [preparingToSend, setPreparingToSend] = useState(false);
  const [cameBack, setCameBack] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const [recorded, setRecorded] = useState<File>();
  const [verified, setVerified] = useState(false);
  // The voice note while it is attached: removing its row drops it too.
  const voiceNote = attachments.items.find((item) => item.original === recorded);

  const keepVoiceNote = (file: File) => {
    if (voiceNote) attachments.remove(voiceNote.key);
    setRecorded(file);
    void attachments.add([file]).then((refused) => {
      for (const refusal of refused) showScreenNews('error', refusalText(refusal));
    });
  };
  const deleteVoiceNote = () => {
    if (voiceNote) attachments.remove(voiceNote.key);
    setRecorded(undefined);
  };

  const startOver = () => {
    reset();
    setCameBack(true);
  };

  const pickQuickMessage = (sentence: string) => {
    setMessage((typed) => appendToMessage(typed, sentence));
    const box = form.current?.elements.namedItem('message');
    if (box instanceof HTMLTextAreaElement) box.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (preparingToSend) return;
    // Photos still being made smaller are waited for: nothing goes out half-prepared.
    setPreparingToSend(true);
    const files = await attachments.settled();
    setPreparingToSend(false);
    // A voice note alone carries a short fixed text: the chat's message stays required (spec, rules and webhook alike).
    const text = recorded && files.includes(recorded) && message.trim() === '' ? t.voice.onlyMessage : message;
    send(text, files, async () => {
      await shared.clear();
      setRecorded(undefined);
      setMessage('');
      attachments.clear();
      setSharedRefused([]);
    });
  };

  return (
    <Page title={t.title} subtitle={t.subtitle} nav={<BackToMenu />}>
      <ConversationSection user={user} onVerified={setVerified} />
      {state.status === 'success' ? (
        <FocusOnShow>
          <SuccessPanel title={t.sent}>
            {state.result.channel && <p className="panel__meta">{t.channel(state.result.channel)}</p>}
            {state.result.message && <p className="panel__message">{state.result.message}</p>}
            <Button onClick={startOver} className="button--block">
              {t.sendAnother}
            </Button>
          </SuccessPanel>
        </FocusOnShow>
      ) : state.status === 'queued' ? (
        <ParentSavedPanel text={conversationText().chat.savedOnPhone}>
          <Button onClick={startOver} className="button--block">
            {t.sendAnother}
          </Button>
        </ParentSavedPanel>
      ) : (
        <FocusOnShow key="form" enabled={cameBack}>
          <form ref={form} className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
            <QuickMessages onPick={pickQuickMessage} />
            <TextAreaField
              label={t.messageLabel}
              hint={t.counter(formatCount(message.length), formatCount(MESSAGE_MAX_LENGTH))}
              name="message"
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              error={messageError}
              required
            />
            <VoiceNote note={voiceNote?.original} onNote={keepVoiceNote} onDelete={deleteVoiceNote} />
            <AttachmentPicker attachments={attachments} dataSaver={dataSaver} />
            <RefusedFiles refused={sharedRefused} failed={shared.failed} />
            {state.status === 'error' && <ErrorPanel message={state.message} />}
            <Button type="submit" busy={busy || preparingToSend} className="button--block">
              {t.send}
            </Button>
          </form>
        </FocusOnShow>
      )}
      {/* Below the form: it appears once the record is read, and moves nothing the first paint drew. */}
      {verified && <PushOffer user={user} />}
    </Page>
  );
}
