import { useEffect, useReducer, useRef } from 'react';
import { formatDuration, voiceNoteDuration, voiceNoteFileName } from '../../../shared/rules/voice-note.ts';
import { Button } from '../../../ui/button.tsx';
import { startRecording, type Recording } from './voice-recorder.ts';
import {
  announcement,
  IDLE,
  isActive,
  micProblem,
  nearTheEnd,
  timeIsUp,
  voiceReducer,
  type RecordMode,
  type VoiceState,
} from './voice-recording.ts';
import './voice.css';
import { voiceText } from './voice-messages.ts';

/** A press on the microphone button: its event's type, where, and when (the page's clock). */
export interface Press {
  type: string;
  x: number;
  y: number;
  at: number;
}

/** Presses made before the panel loaded wait in `queued`; once it is there, `receive` takes them. */
export interface VoiceInbox {
  queued: Press[];
  receive?: (press: Press) => void;
}

/** How long a press lasts before it is a hold (record while held) rather than a tap. */
const HOLD_MS = 350;
/** How far a held finger may slide before the recording is cancelled. */
const SLIDE_AWAY_PX = 64;

export interface VoicePanelProps {
  note: File | undefined;
  onNote: (file: File) => void;
  onDelete: () => void;
  onActive: (active: boolean) => void;
  inbox: VoiceInbox;
  focusButton: () => void;
}

/** How often the timer and the level meter are redrawn: small, steady work, never a long task. */
const TICK_MS = 200;

/** The voice note's own player, from the file on the phone; its address is freed when the note goes. */
function NotePlayer({ note, label }: { note: File; label: string }) {
  const player = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const element = player.current;
    if (!element) return undefined;
    const address = URL.createObjectURL(note);
    element.src = address;
    return () => {
      element.removeAttribute('src');
      URL.revokeObjectURL(address);
    };
  }, [note]);
  // A parent's own recording has no captions to offer: the player is for hearing it back before sending.
  // oxlint-disable-next-line jsx-a11y/media-has-caption
  return <audio ref={player} className="voice__player" controls preload="metadata" aria-label={label} />;
}

/**
 * The recorder: its state, the timer and level meter while recording, the
 * problems, and the note to play back. A tap (or Enter, Space) toggles; a
 * press held past HOLD_MS records until released, and sliding away cancels;
 * a Cancel button does the same without dragging (WCAG 2.5.7).
 */
export function VoicePanel({ note, onNote, onDelete, onActive, inbox, focusButton }: VoicePanelProps) {
  const t = voiceText();
  const [state, dispatch] = useReducer(voiceReducer, IDLE);
  const current = useRef<VoiceState>(state);
  const recording = useRef<Recording | undefined>(undefined);
  const meter = useRef<HTMLSpanElement>(null);
  const gesture = useRef<{ x: number; y: number; timer: number; held: boolean; slid: boolean } | undefined>(undefined);
  const handlers = useRef({ onNote, focusButton });
  useEffect(() => {
    handlers.current = { onNote, focusButton };
  });

  const apply = (event: Parameters<typeof voiceReducer>[1]) => {
    current.current = voiceReducer(current.current, event);
    dispatch(event);
  };

  const actions = useRef({
    start(mode: RecordMode) {
      apply({ type: 'ask', mode });
      startRecording(() => apply({ type: 'failed', problem: 'broken' })).then(
        (started) => {
          if (current.current.status !== 'asking') return started.cancel();
          recording.current = started;
          apply({ type: 'started', at: started.startedAt });
        },
        (error: unknown) => apply({ type: 'failed', problem: micProblem(error) }),
      );
    },
    async stop() {
      const started = recording.current;
      if (!started) return;
      recording.current = undefined;
      apply({ type: 'stop', now: performance.now() });
      const { status } = current.current;
      const durationMs = status === 'stopping' ? current.current.durationMs : 0;
      const blob = await started.stop();
      handlers.current.onNote(new File([blob], voiceNoteFileName(durationMs, started.type), { type: started.type }));
      apply({ type: 'kept' });
    },
    cancel() {
      recording.current?.cancel();
      recording.current = undefined;
      apply({ type: 'cancel' });
      handlers.current.focusButton();
    },
    /** Stops a recording in progress; one still waiting for the microphone is cancelled instead. */
    finish() {
      const { status } = current.current;
      if (status === 'recording') void actions.current.stop();
      else if (status === 'asking') actions.current.cancel();
    },
    receive({ type, x, y, at }: Press) {
      const press = gesture.current;
      const idle = !isActive(current.current);
      if (type === 'pointerdown' && idle) {
        const timer = window.setTimeout(
          () => {
            if (gesture.current !== pressed) return;
            pressed.held = true;
            actions.current.start('hold');
          },
          Math.max(0, HOLD_MS - (performance.now() - at)),
        );
        const pressed = { x, y, timer, held: false, slid: false };
        gesture.current = pressed;
      } else if (type === 'pointerup' || type === 'pointercancel') {
        window.clearTimeout(press?.timer);
        if (press?.held && !press.slid) actions.current.finish();
      } else if (type === 'pointermove' && press?.held && !press.slid) {
        if (Math.hypot(x - press.x, y - press.y) < SLIDE_AWAY_PX) return;
        press.slid = true;
        actions.current.cancel();
      } else if (type === 'click') {
        gesture.current = undefined;
        // The click that ends a hold is the hold's own release, not a tap.
        if (press?.held) return;
        if (idle) actions.current.start('tap');
        else actions.current.finish();
      }
    },
  });

  useEffect(() => {
    // oxlint-disable-next-line react/immutability -- the inbox is the mailbox the button and the panel share, not state to render
    inbox.receive = (press) => actions.current.receive(press);
    for (const press of inbox.queued.splice(0)) actions.current.receive(press);
    return () => {
      inbox.receive = undefined;
      // Leaving the screen mid-recording turns the microphone off.
      recording.current?.cancel();
    };
  }, [inbox]);

  const active = isActive(state);
  useEffect(() => onActive(active), [active, onActive]);

  const recordingNow = state.status === 'recording';
  useEffect(() => {
    if (!recordingNow) return undefined;
    const timer = window.setInterval(() => {
      apply({ type: 'tick', now: performance.now() });
      const level = recording.current?.level() ?? 0;
      meter.current?.style.setProperty('transform', `scaleX(${Math.min(1, level * 1.5).toFixed(2)})`);
      if (timeIsUp(current.current)) void actions.current.stop();
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [recordingNow]);

  const said = announcement(state);
  const noteTime = note ? (voiceNoteDuration(note.name) ?? '') : '';
  return (
    <>
      <p className="visually-hidden" role="status">
        {said.kind === 'recording'
          ? t.recording(formatDuration(said.atMs))
          : said.kind === 'warning'
            ? t.timeLeft
            : said.kind === 'cancelled'
              ? t.cancelled
              : ''}
      </p>
      {active && (
        <div className="voice__recording">
          <span className="voice__time">{formatDuration(state.status === 'recording' ? state.elapsedMs : 0)}</span>
          <span className="voice__meter" aria-hidden="true">
            <span ref={meter} className="voice__level" />
          </span>
          <Button variant="secondary" onClick={() => actions.current.cancel()}>
            {t.cancel}
          </Button>
          {nearTheEnd(state) && <p className="voice__warning">{t.timeLeft}</p>}
        </div>
      )}
      {state.status === 'failed' && (
        <p className="voice__problem" role="alert">
          {t.problem[state.problem]}
        </p>
      )}
      {note && !active && (
        <div className="voice__review">
          <NotePlayer note={note} label={t.noteLabel(noteTime)} />
          <p className="field__hint">{t.review}</p>
          <Button
            variant="secondary"
            onClick={() => {
              onDelete();
              focusButton();
            }}
          >
            {t.deleteNote}
          </Button>
        </div>
      )}
    </>
  );
}
