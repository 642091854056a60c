import { useId } from 'react';
import { ATTACHMENTS_MAX_COUNT, ATTACHMENTS_MAX_TOTAL_BYTES } from '../../../shared/rules/attachment.ts';
import { formatFileSize } from '../../../shared/rules/sizes.ts';
import type { Refusal } from './attachment-checks.ts';
import '../../../ui/panel.css';
import { conversationText } from '../messages.ts';

/** Which file was not attached and why, in one sentence: the picker's toast and the shared files' list say the same. */
export function refusalText({ name, reason }: Refusal): string {
  const t = conversationText().chat;
  switch (reason) {
    case 'type':
      return t.invalidType(name);
    case 'kind':
      return t.kindNotSent(name);
    case 'empty':
      return t.emptyFile(name);
    case 'contents':
      return t.contentsMismatch(name);
    case 'unreadable':
      return t.unreadable(name);
    case 'count':
      return t.tooMany(name, ATTACHMENTS_MAX_COUNT);
    case 'size':
      return t.overLimit(name, formatFileSize(ATTACHMENTS_MAX_TOTAL_BYTES));
  }
}

interface RefusedFilesProps {
  refused: readonly Refusal[];
  /** The share arrived but could not be kept on the phone. */
  failed: boolean;
}

/**
 * What another app shared but the chat did not attach, each with its reason.
 * The live region is there from the start: what the screen finds in storage
 * after it opens is then announced, not only shown.
 */
export function RefusedFiles({ refused, failed }: RefusedFilesProps) {
  const t = conversationText().chat;
  const titleId = useId();
  return (
    <div className="refused-files" aria-live="polite">
      {failed && (
        <div className="panel panel--notice">
          <p className="panel__message">{t.shareFailed}</p>
        </div>
      )}
      {refused.length > 0 && (
        <section className="panel panel--notice" aria-labelledby={titleId}>
          <h2 id={titleId} className="panel__title">
            {t.sharedRefusedTitle}
          </h2>
          <ul className="refused-list">
            {refused.map((refusal, index) => (
              <li key={index}>{refusalText(refusal)}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
