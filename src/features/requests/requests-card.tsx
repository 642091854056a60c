import { useId } from 'react';
import { paths } from '../../config/paths.ts';
import { activeLocale } from '../../shared/i18n/catalog.ts';
import type { ParentRequest } from '../../shared/webhook/requests.ts';
import { Button } from '../../ui/button.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { Sentence } from '../../ui/sentence.tsx';
import '../../ui/lists.css';
import './requests.css';
import { requestsText } from './messages.ts';
import { requestViews } from './request-view.ts';
import { useAcceptOffer } from './use-accept-offer.ts';

interface YourRequestsProps {
  requests: readonly ParentRequest[];
  /** A request as an accept_offer answer has it now: the screen keeps it, on screen and in the saved copy. */
  onAnswered: (request: ParentRequest) => void;
}

/**
 * The parent's reschedule requests and what became of each: waiting,
 * confirmed (with the new time), another time offered (Accept, or ask for a
 * different time on the reschedule screen), or declined with the reason.
 * Staff's words (the reason, the facilitator's name) are shown as text,
 * never as HTML, and isolated by direction.
 */
export function YourRequests({ requests, onAnswered }: YourRequestsProps) {
  const t = requestsText();
  const headingId = useId();
  const { accepting, accept } = useAcceptOffer(onAnswered);
  if (requests.length === 0) return null;
  const views = requestViews(requests, accepting, t, activeLocale());
  return (
    <section className="your-requests" aria-labelledby={headingId}>
      <h2 id={headingId} className="your-requests__title">
        {t.title}
      </h2>
      <ul className="stack-list" aria-label={t.listLabel}>
        {views.map((view) => (
          <li key={view.id} className={`request-card request-card--${view.status}`}>
            <p className="request-card__status">{view.label}</p>
            <p className="request-card__asked">{view.asked}</p>
            {view.session && (
              <p className="request-card__session">
                <Sentence parts={view.session} />
              </p>
            )}
            {view.details.map((line) => (
              <p key={line} className="request-card__detail">
                {line}
              </p>
            ))}
            {view.reason && (
              <p className="request-card__detail">
                <Sentence parts={view.reason} />
              </p>
            )}
            {view.accepting && (
              <p className="request-card__accepting" role="status">
                {view.accepting}
              </p>
            )}
            {view.offer && (
              <div className="request-card__actions">
                <Button
                  aria-label={view.offer.acceptLabel}
                  onClick={() => void accept(view.id, view.offer?.offerId ?? '')}
                >
                  {t.accept}
                </Button>
                <LinkButton to={paths.reschedule} variant="secondary">
                  {t.askDifferent}
                </LinkButton>
              </div>
            )}
            <p className="request-card__sent">{view.sentAt}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
