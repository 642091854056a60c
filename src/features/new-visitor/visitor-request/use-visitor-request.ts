import { useState } from 'react';
import { toast } from 'sonner';
import { en } from '../messages.ts';
import { submitVisitorRequest } from './submit-visitor-request.ts';
import {
  EMPTY_FIELDS,
  failureText,
  missingFields,
  type RequiredField,
  type VisitorAction,
  type VisitorFields,
} from './visitor-request.ts';

export type VisitorRequestStatus =
  | { kind: 'editing' }
  | { kind: 'submitting' }
  | { kind: 'success'; message: string }
  | { kind: 'error'; message: string };

interface SubmitResult {
  /** The first required field left empty, so the form can move focus to it. */
  missing?: RequiredField;
}

/** The state of one visitor form: what was typed, and editing → submitting → success | error (spec §4). */
export function useVisitorRequest(action: VisitorAction, defaultSuccess: string) {
  const [fields, setFields] = useState<VisitorFields>(EMPTY_FIELDS);
  const [status, setStatus] = useState<VisitorRequestStatus>({ kind: 'editing' });

  const setField = (field: keyof VisitorFields, value: string) =>
    setFields((current) => ({ ...current, [field]: value }));

  const submit = async (): Promise<SubmitResult> => {
    if (status.kind === 'submitting') return {};
    const [missing] = missingFields(fields);
    if (missing) {
      toast.error(en.form.required);
      return { missing };
    }
    setStatus({ kind: 'submitting' });
    try {
      const message = await submitVisitorRequest(action, fields, defaultSuccess);
      setStatus({ kind: 'success', message });
      toast.success(en.form.submitted);
    } catch (error) {
      // The typed fields stay as they are, so the visitor can simply try again.
      setStatus({ kind: 'error', message: failureText(error, en.form.failed) });
      toast.error(en.form.failed);
    }
    return {};
  };

  return { fields, setField, status, submit };
}
