import { useLayoutEffect, useRef, useState } from 'react';
import { formatIstDateTime } from '../../../shared/format/ist.ts';
import {
  drawnItems,
  firstDrawnKey,
  itemKey,
  THREAD_WINDOW,
  type ThreadItem,
} from '../../../shared/conversation/thread.ts';
import { Button } from '../../../ui/button.tsx';
import { parentText } from '../messages.ts';
import { ThreadFile } from './thread-file.tsx';

/** Within this many pixels of the end counts as reading the newest message. */
const AT_END_PX = 48;

/**
 * The thread as a chat reads on a phone: oldest at the top, newest at the
 * bottom, opened at the bottom. A message arriving while the parent reads
 * further up moves nothing; one arriving while they are at the end is
 * brought into view. A long thread draws its newest 200 and earlier ones on
 * request, so opening it stays quick. Texts and names are shown as text,
 * never as HTML.
 */
export function ThreadList({ items, token }: { items: ThreadItem[]; token: string | undefined }) {
  const t = parentText().conversation;
  const box = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const [firstKey, setFirstKey] = useState(() => firstDrawnKey(items));
  const drawn = drawnItems(items, firstKey);
  const hidden = items.length - drawn.length;

  const showEarlier = () => {
    // Added above what is read: the browser's scroll anchoring keeps it in place.
    atEnd.current = false;
    setFirstKey(firstDrawnKey(items.slice(0, hidden), THREAD_WINDOW));
  };

  useLayoutEffect(() => {
    const element = box.current;
    if (element && atEnd.current) element.scrollTop = element.scrollHeight;
  }, [items, firstKey]);

  const onScroll = () => {
    const element = box.current;
    if (element) atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight <= AT_END_PX;
  };

  return (
    // Focusable, so the thread scrolls with the keyboard too.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div ref={box} className="thread__scroll" tabIndex={0} role="region" aria-label={t.listLabel} onScroll={onScroll}>
      {hidden > 0 && (
        <div className="thread__earlier">
          <Button variant="secondary" onClick={showEarlier}>
            {t.showEarlier}
          </Button>
        </div>
      )}
      <ol className="thread__list">
        {drawn.map((item) =>
          item.kind === 'message' ? (
            <li key={itemKey(item)} className={`thread__message thread__message--${item.message.from}`}>
              <p className="thread__meta">
                <span className="thread__author">
                  {item.message.from === 'parent' ? t.you : (item.message.author ?? t.facilitator)}
                </span>{' '}
                <time dateTime={item.message.sent_at}>{formatIstDateTime(new Date(item.message.sent_at))}</time>
              </p>
              <p className="thread__text">{item.message.text}</p>
              {item.message.attachments.length > 0 && token !== undefined && (
                <ul className="thread__files">
                  {item.message.attachments.map((file) => (
                    <ThreadFile key={file.url} file={file} token={token} />
                  ))}
                </ul>
              )}
            </li>
          ) : (
            <li key={itemKey(item)} className="thread__message thread__message--parent thread__message--waiting">
              <p className="thread__meta">
                <span className="thread__author">{t.you}</span>{' '}
                <time dateTime={item.waiting.sentAt}>{formatIstDateTime(new Date(item.waiting.sentAt))}</time>
              </p>
              <p className="thread__text">{item.waiting.text}</p>
              {item.waiting.files.length > 0 && (
                <ul className="thread__files">
                  {item.waiting.files.map((name, index) => (
                    // Names may repeat; the list is rebuilt whole from the outbox entry.
                    <li key={index} className="thread-file">
                      <span className="thread-file__name">{name}</span>
                    </li>
                  ))}
                </ul>
              )}
              <p className={`thread__state thread__state--${item.waiting.state}`}>{t.waiting[item.waiting.state]}</p>
            </li>
          ),
        )}
      </ol>
    </div>
  );
}
