import { memo, useLayoutEffect, useRef, useState } from 'react';
import { formatIstDateTime } from '../../../shared/format/ist.ts';
import {
  drawnItems,
  earlierKey,
  firstDrawnKey,
  itemKey,
  type ThreadItem,
  type WaitingMessage,
} from './thread-items.ts';
import { seenAt } from '../../../shared/conversation/read-receipts.ts';
import { messageAnchor } from '../../../shared/conversation/thread.ts';
import { withWords } from '../../../shared/i18n/sentence.ts';
import type { SeenMark, ThreadMessage } from '../../../shared/webhook/conversation.ts';
import { Button } from '../../../ui/button.tsx';
import { Sentence } from '../../../ui/sentence.tsx';
import { ThreadFile } from './thread-file.tsx';
import { conversationText } from '../messages.ts';

/** Within this many pixels of the end counts as reading the newest message. */
const AT_END_PX = 48;

/** Where the first drawn message was on screen when earlier ones were asked for, and whether the button had focus. */
interface Earlier {
  first: Element | null;
  top: number;
  focused: boolean;
}

/**
 * The thread as a chat reads on a phone: oldest at the top, newest at the
 * bottom, opened at the bottom. A message arriving while the parent reads
 * further up moves nothing; one arriving while they are at the end is
 * brought into view. A long thread draws its newest few and earlier ones on
 * request, above what is on screen, so opening it stays quick. Texts and
 * names are shown as text, never as HTML. "Seen" goes under the newest of
 * the parent's messages the programme has opened.
 */
export function ThreadList({
  items,
  token,
  seen,
}: {
  items: ThreadItem[];
  token: string | undefined;
  seen: SeenMark | undefined;
}) {
  const t = conversationText().thread;
  const box = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const atEnd = useRef(true);
  const earlier = useRef<Earlier | undefined>(undefined);
  const [firstKey, setFirstKey] = useState(() => firstDrawnKey(items));
  const drawn = drawnItems(items, firstKey);
  const hidden = items.length - drawn.length;

  const showEarlier = () => {
    const first = list.current?.firstElementChild ?? null;
    atEnd.current = false;
    earlier.current = {
      first,
      top: first?.getBoundingClientRect().top ?? 0,
      focused: document.activeElement?.closest('.thread__earlier') != null,
    };
    setFirstKey(earlierKey(items, firstKey));
  };

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const asked = earlier.current;
    earlier.current = undefined;
    if (asked) {
      // The messages added above leave the one that was first where it was on screen (scroll anchoring
      // may have done it already: then this moves nothing).
      if (asked.first) element.scrollTop += asked.first.getBoundingClientRect().top - asked.top;
      // The button is gone with the last of them: the keyboard goes on from the thread itself.
      if (asked.focused && !element.querySelector('.thread__earlier')) element.focus({ preventScroll: true });
    } else if (atEnd.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [items, firstKey]);

  // A notification's address names the reply it told of (#message-…): the thread opens there, once.
  const shownAnchor = useRef<string>(undefined);
  useLayoutEffect(() => {
    const anchor = decodeURIComponent(location.hash.slice(1));
    if (anchor === '' || shownAnchor.current === anchor) return;
    const target = list.current?.querySelector(`[id="${CSS.escape(anchor)}"]`);
    if (!target) return;
    shownAnchor.current = anchor;
    atEnd.current = false;
    target.scrollIntoView({ block: 'start' });
  }, [items, firstKey]);

  const onScroll = () => {
    const element = box.current;
    if (element) atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight <= AT_END_PX;
  };

  return (
    // Focusable, so the thread scrolls with the keyboard too.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div ref={box} className="thread__scroll" tabIndex={0} role="region" aria-label={t.listLabel} onScroll={onScroll}>
      {hidden > 0 && (
        <div className="thread__earlier">
          <Button variant="secondary" onClick={showEarlier}>
            {t.showEarlier}
          </Button>
        </div>
      )}
      <ol ref={list} className="thread__list">
        {drawn.map((item) => {
          if (item.kind === 'waiting') return <WaitingItem key={itemKey(item)} waiting={item.waiting} />;
          if (item.message.from === 'event') return <EventItem key={itemKey(item)} message={item.message} />;
          return (
            <MessageItem key={itemKey(item)} message={item.message} token={token} seenAt={seenAt(item.message, seen)} />
          );
        })}
      </ol>
    </div>
  );
}

/**
 * One message of the thread. A fetch keeps the messages it already held as
 * they were (mergeThread), so a poll, a send or an earlier page redraws only
 * what is new, not every message with its date. A name and a text someone
 * wrote are isolated by direction (<bdi>, dir="auto"): a right-to-left reply
 * reads right to left, and cannot reorder the name and time around it.
 */
const MessageItem = memo(function MessageItem({
  message,
  token,
  seenAt,
}: {
  message: ThreadMessage;
  token: string | undefined;
  /** When the programme opened it, when "Seen" goes under it. */
  seenAt: string | undefined;
}) {
  const t = conversationText().thread;
  return (
    <li id={messageAnchor(message.id)} className={`thread__message thread__message--${message.from}`}>
      <p className="thread__meta">
        <span className="thread__author">
          {message.from === 'parent' ? t.you : message.author ? <bdi>{message.author}</bdi> : t.facilitator}
        </span>{' '}
        <time dateTime={message.sent_at}>{formatIstDateTime(new Date(message.sent_at))}</time>
      </p>
      <p className="thread__text" dir="auto">
        {message.text}
      </p>
      {message.attachments.length > 0 && token !== undefined && (
        <ul className="thread__files">
          {message.attachments.map((file) => (
            <ThreadFile key={file.url} file={file} token={token} />
          ))}
        </ul>
      )}
      {seenAt !== undefined && <p className="thread__seen">{t.seen(formatIstDateTime(new Date(seenAt)))}</p>}
    </li>
  );
});

/**
 * A staff answer to one of the parent's requests, recorded in the thread: an
 * event across the thread, not a message from a person, named as such for
 * a screen reader too.
 */
const EventItem = memo(function EventItem({ message }: { message: ThreadMessage }) {
  const t = conversationText().thread;
  return (
    <li className="thread__event">
      <p className="thread__event-text">
        <span className="thread__event-kind">{t.event}</span> <bdi>{message.text}</bdi>
      </p>
      <p className="thread__meta">
        {message.author && (
          <span className="thread__author">
            <Sentence parts={withWords(t.eventBy, message.author)} />
          </span>
        )}{' '}
        <time dateTime={message.sent_at}>{formatIstDateTime(new Date(message.sent_at))}</time>
      </p>
    </li>
  );
});

/** One of the parent's messages the outbox still holds, with where it stands. */
function WaitingItem({ waiting }: { waiting: WaitingMessage }) {
  const t = conversationText().thread;
  return (
    <li className="thread__message thread__message--parent thread__message--waiting">
      <p className="thread__meta">
        <span className="thread__author">{t.you}</span>{' '}
        <time dateTime={waiting.sentAt}>{formatIstDateTime(new Date(waiting.sentAt))}</time>
      </p>
      <p className="thread__text">{waiting.text}</p>
      {waiting.files.length > 0 && (
        <ul className="thread__files">
          {waiting.files.map((name, index) => (
            // Names may repeat; the list is rebuilt whole from the outbox entry.
            <li key={index} className="thread-file">
              <span className="thread-file__name">{name}</span>
            </li>
          ))}
        </ul>
      )}
      <p className={`thread__state thread__state--${waiting.state}`}>{t.waiting[waiting.state]}</p>
    </li>
  );
}
