import type { ButtonHTMLAttributes, MouseEvent } from 'react';
import { Spinner } from './spinner.tsx';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** While true the button shows a spinner and ignores presses, so a double tap never sends twice. */
  busy?: boolean;
}

/**
 * Busy is aria-disabled, not natively disabled: a natively disabled button
 * drops keyboard focus to <body> the moment it is pressed, so after an error
 * the next Tab would start from the end of the page. This way focus stays on
 * the button, and the person can simply press it again.
 */
export function Button({
  variant = 'primary',
  busy = false,
  className,
  children,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    // Cancelling the click also cancels a submit button's form submission, Enter in a field included.
    if (busy) event.preventDefault();
    else onClick?.(event);
  };
  return (
    <button
      {...rest}
      type={type}
      className={['button', `button--${variant}`, className].filter(Boolean).join(' ')}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={press}
    >
      {busy && <Spinner />}
      {children}
    </button>
  );
}
