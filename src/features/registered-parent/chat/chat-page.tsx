import { useState, type FormEvent } from 'react';
import { MESSAGE_MAX_LENGTH } from '../../../shared/rules/message.ts';
import { Button } from '../../../ui/button.tsx';
import { TextAreaField } from '../../../ui/field.tsx';
import { FocusOnShow } from '../../../ui/focus-on-show.tsx';
import { Page } from '../../../ui/page.tsx';
import { ErrorPanel, SuccessPanel } from '../../../ui/panel.tsx';
import { en } from '../messages.ts';
import { ParentSavedPanel } from '../outbox/parent-saved-panel.tsx';
import { AttachmentPicker, type PickedFile } from './attachment-picker.tsx';
import { useChatSend } from './use-chat-send.ts';
import { BackToMenu } from '../back-to-menu.tsx';

const t = en.chat;

export function ChatPage() {
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<PickedFile[]>([]);
  const { state, send, reset, busy } = useChatSend();
  const [cameBack, setCameBack] = useState(false);
  const startOver = () => {
    reset();
    setCameBack(true);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send(
      message,
      files.map(({ file }) => file),
      () => {
        setMessage('');
        setFiles([]);
      },
    );
  };

  return (
    <Page title={t.title} subtitle={t.subtitle} nav={<BackToMenu />}>
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
        <ParentSavedPanel text={en.saved.chat}>
          <Button onClick={startOver} className="button--block">
            {t.sendAnother}
          </Button>
        </ParentSavedPanel>
      ) : (
        <FocusOnShow key="form" enabled={cameBack}>
          <form className="form" onSubmit={onSubmit} noValidate>
            <TextAreaField
              label={t.messageLabel}
              hint={t.counter(message.length, MESSAGE_MAX_LENGTH)}
              name="message"
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              required
            />
            <AttachmentPicker files={files} onChange={setFiles} />
            {state.status === 'error' && <ErrorPanel message={state.message} />}
            <Button type="submit" busy={busy} className="button--block">
              {t.send}
            </Button>
          </form>
        </FocusOnShow>
      )}
    </Page>
  );
}
