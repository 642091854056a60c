import { Link, type LinkProps } from 'react-router';
import type { ButtonVariant } from './button.tsx';
import './button.css';

interface LinkButtonProps extends LinkProps {
  variant?: ButtonVariant;
}

/** A navigation that looks like a button; it stays a link for assistive tech. */
export function LinkButton({ variant = 'secondary', className, ...rest }: LinkButtonProps) {
  return <Link {...rest} className={['button', `button--${variant}`, className].filter(Boolean).join(' ')} />;
}
