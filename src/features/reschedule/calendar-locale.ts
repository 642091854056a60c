import { useEffect, useState } from 'react';
import type { DayPickerLocale } from 'react-day-picker';
import { activeLocale } from '../../shared/i18n/catalog.ts';
import type { Locale } from '../../shared/i18n/locale.ts';

/**
 * The calendar's words in the page's language. English is the library's
 * default and costs nothing; Hindi is react-day-picker's own (month and
 * weekday names, and its labels for screen readers), fetched only by a Hindi
 * page, with the day numbers in its labels kept in Latin digits as
 * everywhere else in the portal (date-fns writes ordinals in Devanagari).
 */
export async function loadCalendarLocale(locale: Locale): Promise<DayPickerLocale | undefined> {
  if (locale === 'en') return undefined;
  const { hi } = await import('react-day-picker/locale/hi');
  return { ...hi, localize: { ...hi.localize, ordinalNumber: (value: unknown) => String(value) } };
}

/** The page's calendar locale once it is in: `ready` stays false while a Hindi page fetches it. */
export function useCalendarLocale(): { ready: boolean; locale: DayPickerLocale | undefined } {
  const [loaded, setLoaded] = useState<{ locale: DayPickerLocale | undefined }>();
  useEffect(() => {
    let live = true;
    loadCalendarLocale(activeLocale())
      .catch((error: unknown) => {
        console.error('The calendar could not load its Hindi names: it shows English ones.', error);
        return undefined;
      })
      .then((locale) => live && setLoaded({ locale }));
    return () => {
      live = false;
    };
  }, []);
  return { ready: loaded !== undefined, locale: loaded?.locale };
}
