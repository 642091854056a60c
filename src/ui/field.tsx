import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import './field.css';

interface FieldFrameProps {
  /** Usually plain text; a node lets a form add a visual-only mark such as a required asterisk. */
  label: ReactNode;
  hint?: string | undefined;
}

interface ControlIds {
  id: string;
  'aria-describedby': string | undefined;
}

/** Label, control and hint, tied together by ids, the same for every kind of control. */
function FieldFrame({ label, hint, control }: FieldFrameProps & { control: (ids: ControlIds) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {control({ id, 'aria-describedby': hint ? hintId : undefined })}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** A text input with a visible label and an optional hint tied to it. */
export function InputField({ label, hint, ...input }: FieldFrameProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame label={label} hint={hint} control={(ids) => <input {...input} {...ids} className="field__control" />} />
  );
}

export function TextAreaField({
  label,
  hint,
  ...textarea
}: FieldFrameProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      control={(ids) => <textarea {...textarea} {...ids} className="field__control field__control--multiline" />}
    />
  );
}
