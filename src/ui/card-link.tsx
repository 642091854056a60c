import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRightIcon } from './icons.tsx';
import './card-link.css';

interface CardLinkProps {
  to: string;
  title: string;
  text: string;
  icon?: ReactNode;
  badge?: ReactNode;
}

/** A whole-card link: its accessible name is the title, the text describes it. */
export function CardLink({ to, title, text, icon, badge }: CardLinkProps) {
  return (
    <Link to={to} className="card-link">
      {icon && (
        <span className="card-link__icon" aria-hidden="true">
          {icon}
        </span>
      )}
      <span className="card-link__body">
        <span className="card-link__title">{title}</span>
        <span className="card-link__text">{text}</span>
        {badge}
      </span>
      <span className="card-link__chevron">
        <ChevronRightIcon />
      </span>
    </Link>
  );
}
