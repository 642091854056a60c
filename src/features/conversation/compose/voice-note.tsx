import { useId, useRef, useState, type ComponentType, type MouseEvent, type PointerEvent } from 'react';
import type { Press, VoiceInbox, VoicePanelProps } from './voice-panel.tsx';
import { conversationText } from '../messages.ts';

/** The recorded note once it is attached (undefined when there is none), and what to do with a new one or a delete. */
export type VoiceNoteProps = Pick<VoicePanelProps, 'note' | 'onNote' | 'onDelete'>;

/**
 * The microphone button beside the message box. Only the button is on the
 * chat screen's first load: it hands every press to the recorder's panel
 * (voice-panel.tsx), which loads on the first one and reads the presses
 * made meanwhile by their time stamps, so a hold begun before it arrived
 * still counts.
 */
export function VoiceNote(props: VoiceNoteProps) {
  const t = conversationText().chat.voice;
  const [Panel, setPanel] = useState<ComponentType<VoicePanelProps>>();
  const [active, setActive] = useState(false);
  const [inbox] = useState<VoiceInbox>(() => ({ queued: [] }));
  const button = useRef<HTMLButtonElement>(null);
  const [focusButton] = useState(() => () => button.current?.focus());
  const hintId = useId();

  const pass = (event: PointerEvent<HTMLButtonElement> | MouseEvent<HTMLButtonElement>) => {
    const press: Press = { type: event.type, x: event.clientX, y: event.clientY, at: event.timeStamp };
    if (inbox.receive) return inbox.receive(press);
    inbox.queued.push(press);
    if (inbox.queued.length === 1)
      void import('./voice-panel.tsx').then(({ VoicePanel }) => setPanel(() => VoicePanel));
  };

  return (
    <div className="voice">
      <button
        ref={button}
        type="button"
        className="button button--secondary voice__mic"
        aria-pressed={active}
        aria-describedby={hintId}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          pass(event);
        }}
        onPointerUp={pass}
        onPointerCancel={pass}
        onPointerMove={(event) => event.buttons > 0 && pass(event)}
        onClick={pass}
      >
        {t.record}
      </button>
      <p id={hintId} className="field__hint">
        {t.hint}
      </p>
      {Panel && <Panel {...props} inbox={inbox} onActive={setActive} focusButton={focusButton} />}
    </div>
  );
}
