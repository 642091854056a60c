import { paths } from '../config/paths.ts';
import { CardLink } from '../ui/card-link.tsx';
import { en } from './messages.ts';
import { FamilyIcon, StarIcon } from '../ui/icons.tsx';

export function LandingPage() {
  return (
    <section className="page page--landing">
      <header className="page__header page__header--hero">
        <h1 className="page__title page__title--hero">{en.programmeTitle}</h1>
        <p className="page__subtitle">{en.tagline}</p>
      </header>
      <nav className="card-list" aria-label={en.tagline}>
        <CardLink
          to={paths.signIn}
          icon={<FamilyIcon />}
          title={en.landing.registeredTitle}
          text={en.landing.registeredText}
        />
        <CardLink to={paths.visitorWelcome} icon={<StarIcon />} title={en.landing.newTitle} text={en.landing.newText} />
      </nav>
    </section>
  );
}
