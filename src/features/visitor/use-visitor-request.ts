import { useCallback, useEffect, useState } from 'react';
import { env } from '../../config/env.ts';
import { activeLocale } from '../../shared/i18n/catalog.ts';
import { pageOutbox } from '../../shared/outbox/portal-outbox.ts';
import type { OutboxEntry } from '../../shared/outbox/types.ts';
import { failureText, WebhookError } from '../../shared/webhook/errors.ts';
import type { Envelope } from '../../shared/webhook/types.ts';
import { useProblemToast } from '../../ui/use-screen-toast.ts';
import { useSubmission } from '../../ui/use-submission.ts';
import { visitorText } from './messages.ts';
import {
  EMPTY_FIELDS,
  fieldsOf,
  missingFields,
  successText,
  toVisitorEnvelope,
  type RequiredField,
  type VisitorAction,
  type VisitorFields,
} from './visitor-request.ts';

export interface RefusedRequest {
  id: string;
  /** The server's words, or the form's generic failure text. */
  reason: string;
}

type VisitorEntry = OutboxEntry & { envelope: Envelope<VisitorAction> };

function refusedOf(entries: readonly OutboxEntry[], action: VisitorAction): VisitorEntry | undefined {
  return entries.find((entry): entry is VisitorEntry => entry.state === 'failed' && entry.envelope.action === action);
}

/**
 * The state of one visitor form: what was typed, and its one lifecycle
 * (ui/use-submission.ts). A request of this form that was saved on the phone
 * and later refused is put back in the form with the server's reason, since a
 * visitor has no outbox screen to see it on; sending again or discarding it
 * removes the refused copy.
 */
export function useVisitorRequest(action: VisitorAction, defaultSuccess: string) {
  const [fields, setFields] = useState<VisitorFields>(EMPTY_FIELDS);
  const [refused, setRefused] = useState<RefusedRequest>();
  const read = useCallback((body: unknown) => successText(body, defaultSuccess), [defaultSuccess]);
  const { state, run, busy } = useSubmission(read, {
    failed: visitorText().form.failed,
    sent: visitorText().form.submitted,
  });

  const { show: showMissing, held } = useProblemToast<'required'>(
    'visitor-form',
    () => missingFields(fields).length === 0,
  );
  /** Each required field still empty since the last tap on submit, with the words to show under it. */
  const fieldErrors = held ? { fields: missingFields(fields), text: held.text } : undefined;

  useEffect(() => {
    let live = true;
    pageOutbox(env.webhookUrl)
      .list()
      .then((entries) => {
        const entry = refusedOf(entries, action);
        if (!live || !entry) return;
        setFields(fieldsOf(entry.envelope));
        const reason = entry.lastError
          ? failureText(WebhookError.fromJSON(entry.lastError), visitorText().form.failed)
          : undefined;
        setRefused({ id: entry.id, reason: reason ?? visitorText().form.failed });
      })
      .catch(() => {
        // Storage unreadable: there is nothing to put back, and the form works as it is.
      });
    return () => {
      live = false;
    };
  }, [action]);

  const setField = (field: keyof VisitorFields, value: string) =>
    setFields((current) => ({ ...current, [field]: value }));

  const forgetRefused = () => {
    if (!refused) return;
    setRefused(undefined);
    pageOutbox(env.webhookUrl)
      .discard(refused.id)
      .catch(() => undefined);
  };

  /** 'Discard It': the refused request and what it put back in the form both go. */
  const discardRefused = () => {
    setFields(EMPTY_FIELDS);
    forgetRefused();
  };

  /** Returns the first required field left empty, so the form can move focus to it. */
  const submit = (): RequiredField | undefined => {
    if (busy) return undefined;
    const [missing] = missingFields(fields);
    if (missing) {
      showMissing('required', visitorText().form.required);
      return missing;
    }
    const envelope = toVisitorEnvelope(action, fields, { language: activeLocale() });
    void run(
      () => pageOutbox(env.webhookUrl).submit(envelope),
      () => {
        setFields(EMPTY_FIELDS);
        forgetRefused();
      },
    );
    return undefined;
  };

  return { fields, setField, state, busy, submit, refused, discardRefused, fieldErrors };
}
