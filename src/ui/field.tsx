import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import './field.css';

interface FieldFrameProps {
  /** Usually plain text; a node lets a form add a visual-only mark such as a required asterisk. */
  label: ReactNode;
  hint?: string | undefined;
  /** What is wrong with the value, shown under the field until it is fixed (not only as a toast). */
  error?: string | undefined;
}

interface ControlIds {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

/** Label, control, error and hint, tied together by ids, the same for every kind of control. */
function FieldFrame({ label, hint, error, control }: FieldFrameProps & { control: (ids: ControlIds) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {control({ id, 'aria-describedby': describedBy || undefined, 'aria-invalid': error ? true : undefined })}
      {error && <FieldError id={errorId} text={error} />}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * A problem's words under what it is about. The toast already announced it,
 * so this is no live region: a screen reader meets it as the field's
 * description, when the field is reached.
 */
export function FieldError({ id, text }: { id: string; text: string }) {
  return (
    <p className="field__error" id={id}>
      {text}
    </p>
  );
}

/** A text input with a visible label, an optional hint and its error tied to it. */
export function InputField({ label, hint, error, ...input }: FieldFrameProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      control={(ids) => <input {...input} {...ids} className="field__control" />}
    />
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  ...textarea
}: FieldFrameProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      control={(ids) => <textarea {...textarea} {...ids} className="field__control field__control--multiline" />}
    />
  );
}
