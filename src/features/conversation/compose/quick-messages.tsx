import { useId } from 'react';
import { conversationText } from '../messages.ts';

/**
 * A ready sentence joins what is typed: it replaces a box that holds only
 * blanks, and otherwise follows the text after one space (or straight after
 * a space or line break already there), so nothing typed is lost.
 */
export function appendToMessage(current: string, sentence: string): string {
  if (current.trim() === '') return sentence;
  return /\s$/.test(current) ? `${current}${sentence}` : `${current} ${sentence}`;
}

interface QuickMessagesProps {
  /** Puts the sentence into the message box and moves focus there; it never sends. */
  onPick: (sentence: string) => void;
}

/** Chips above the message box, real buttons in a group named for screen readers. */
export function QuickMessages({ onPick }: QuickMessagesProps) {
  const t = conversationText().chat;
  const labelId = useId();
  return (
    <div className="quick-messages" role="group" aria-labelledby={labelId}>
      <p id={labelId} className="quick-messages__label">
        {t.quickMessagesLabel}
      </p>
      <ul className="quick-messages__list">
        {Object.values(t.quickMessages).map((sentence) => (
          <li key={sentence}>
            <button type="button" className="quick-messages__chip" onClick={() => onPick(sentence)}>
              {sentence}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
