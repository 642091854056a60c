import { paths } from '../../config/paths.ts';
import { CardLink } from '../../ui/card-link.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { Page } from '../../ui/page.tsx';
import { visitorText } from './messages.ts';
import { CalendarIcon, InfoIcon, PhoneIcon } from '../../ui/icons.tsx';

export function WelcomePage() {
  const t = visitorText().welcome;
  const nav = (
    <LinkButton to={paths.home} variant="ghost">
      {t.home}
    </LinkButton>
  );
  return (
    <Page title={t.title} subtitle={t.subtitle} nav={nav}>
      <nav className="card-list" aria-label={t.cardsLabel}>
        <CardLink to={paths.bookConsult} icon={<CalendarIcon />} title={t.bookConsultTitle} text={t.bookConsultText} />
        <CardLink to={paths.scheduleCall} icon={<PhoneIcon />} title={t.scheduleCallTitle} text={t.scheduleCallText} />
        <CardLink to={paths.knowMore} icon={<InfoIcon />} title={t.knowMoreTitle} text={t.knowMoreText} />
      </nav>
    </Page>
  );
}
