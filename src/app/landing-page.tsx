import { paths } from '../config/paths.ts';
import { CardLink } from '../ui/card-link.tsx';
import { LanguageSwitch } from '../ui/language-switch.tsx';
import { appText } from './messages.ts';
import { FamilyIcon, StarIcon } from '../ui/icons.tsx';
import '../ui/page.css';

export function LandingPage() {
  return (
    <section className="page page--landing">
      <div className="page__nav" data-toasts-below="">
        <LanguageSwitch />
      </div>
      <header className="page__header page__header--hero">
        <h1 className="page__title page__title--hero">{appText().programmeTitle}</h1>
        <p className="page__subtitle">{appText().tagline}</p>
      </header>
      <nav className="card-list" aria-label={appText().tagline}>
        <CardLink
          to={paths.signIn}
          icon={<FamilyIcon />}
          title={appText().landing.registeredTitle}
          text={appText().landing.registeredText}
        />
        <CardLink
          to={paths.visitorWelcome}
          icon={<StarIcon />}
          title={appText().landing.newTitle}
          text={appText().landing.newText}
        />
      </nav>
    </section>
  );
}
