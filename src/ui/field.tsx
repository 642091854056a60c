import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface FieldFrameProps {
  /** Usually plain text; a node lets a form add a visual-only mark such as a required asterisk. */
  label: ReactNode;
  hint?: string | undefined;
}

type InputFieldProps = FieldFrameProps & InputHTMLAttributes<HTMLInputElement>;
type TextAreaFieldProps = FieldFrameProps & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A text input with a visible label and an optional hint tied to it. */
export function InputField({ label, hint, ...input }: InputFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input {...input} id={id} className="field__control" aria-describedby={hint ? hintId : undefined} />
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}

export function TextAreaField({ label, hint, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        {...textarea}
        id={id}
        className="field__control field__control--multiline"
        aria-describedby={hint ? hintId : undefined}
      />
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}
