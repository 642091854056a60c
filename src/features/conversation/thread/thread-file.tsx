import { useEffect, useId, useState } from 'react';
import { displayFileName } from '../../../shared/rules/attachment.ts';
import { formatFileSize } from '../../../shared/rules/sizes.ts';
import { voiceNoteDuration } from '../../../shared/rules/voice-note.ts';
import type { ThreadAttachment } from '../../../shared/webhook/conversation.ts';
import { Button } from '../../../ui/button.tsx';
import { fetchAttachment } from './conversation-api.ts';
import { conversationText } from '../messages.ts';

type FileState = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; url: string };

/**
 * One file of the thread. Its bytes need the token, so a plain link cannot
 * fetch them: they are fetched when the parent asks (no data spent on files
 * never opened) and offered from a blob: address, a photo as a thumbnail.
 * Its name is shown and saved with its checked type's own extension, whatever
 * the backend sent: a photo never downloads as a page that could run.
 */
export function ThreadFile({ file, token }: { file: ThreadAttachment; token: string }) {
  const t = conversationText().thread;
  const nameId = useId();
  const name = displayFileName(file.filename, file.mimetype);
  const [state, setState] = useState<FileState>({ status: 'idle' });
  // A voice note carries its length in its name (a recorder's WebM has none a player can read before the end).
  const duration = voiceNoteDuration(name);

  useEffect(() => {
    if (state.status !== 'ready') return undefined;
    return () => URL.revokeObjectURL(state.url);
  }, [state]);

  const open = async () => {
    setState({ status: 'loading' });
    try {
      const blob = await fetchAttachment(file.url, token);
      setState({ status: 'ready', url: URL.createObjectURL(blob) });
    } catch {
      setState({ status: 'failed' });
    }
  };

  return (
    <li className="thread-file">
      <span id={nameId} className="thread-file__name">
        {duration ? `${t.voiceNote(duration)} · ` : ''}
        {name} · {formatFileSize(file.size)}
      </span>
      {state.status === 'ready' ? (
        <>
          {file.mimetype.startsWith('image/') && <img className="thread-file__thumb" src={state.url} alt={name} />}
          {file.mimetype.startsWith('audio/') && (
            // A voice note has no captions: its words are the parent's or the facilitator's own recording.
            // oxlint-disable-next-line jsx-a11y/media-has-caption
            <audio
              className="thread-file__player"
              src={state.url}
              controls
              preload="metadata"
              aria-labelledby={nameId}
            />
          )}
          <a className="button button--secondary" href={state.url} download={name} aria-describedby={nameId}>
            {t.saveFile}
          </a>
        </>
      ) : (
        <Button
          variant="secondary"
          busy={state.status === 'loading'}
          onClick={() => void open()}
          aria-describedby={nameId}
        >
          {t.openFile}
        </Button>
      )}
      {state.status === 'failed' && (
        <p className="thread__problem" role="alert">
          {t.fileFailed}
        </p>
      )}
    </li>
  );
}
