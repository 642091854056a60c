import { useEffect, useState } from 'react';
import { DateLib, type DateLibOptions, type DayPickerLocale } from 'react-day-picker';
import { activeLocale } from '../../shared/i18n/catalog.ts';
import type { Locale } from '../../shared/i18n/locale.ts';

/**
 * The calendar's words in the page's language. English is the library's
 * default and costs nothing; Hindi is react-day-picker's own (month and
 * weekday names, and its labels for screen readers), fetched only by a Hindi
 * page, with the portal's conventions (docs/languages.md) laid over it: the
 * day numbers in its labels in Latin digits as everywhere else (date-fns
 * writes ordinals in Devanagari), weekday headers of three or four letters
 * (रवि सोम मंगल, where date-fns's short width is र सो मं), and labels in the
 * portal's words and spelling (जाएँ, चुनी गई, हफ़्ता).
 */
export async function loadCalendarLocale(locale: Locale): Promise<DayPickerLocale | undefined> {
  if (locale === 'en') return undefined;
  const { hi } = await import('react-day-picker/locale/hi');
  const day = hi.localize.day;
  const labelDay = (date: Date, modifiers: { today?: boolean; selected?: boolean }, lib: DateLib) => {
    const label = lib.format(date, 'PPPP');
    return `${modifiers.today ? `आज, ${label}` : label}${modifiers.selected ? ', चुनी गई' : ''}`;
  };
  const localized: DayPickerLocale = {
    ...hi,
    localize: {
      ...hi.localize,
      ordinalNumber: (value: unknown) => String(value),
      // formatWeekdayName asks for the short width ("cccccc").
      day: (value, options) => day(value, options?.width === 'short' ? { ...options, width: 'abbreviated' } : options),
    },
  };
  const lib = (options?: DateLibOptions, dateLib?: DateLib) =>
    dateLib ?? new DateLib({ ...options, locale: localized });
  localized.labels = {
    ...hi.labels,
    labelDayButton: (date, modifiers, options, dateLib) => labelDay(date, modifiers, lib(options, dateLib)),
    labelGridcell: (date, modifiers, options, dateLib) =>
      labelDay(date, { today: modifiers?.today }, lib(options, dateLib)),
    labelNext: 'अगले महीने पर जाएँ',
    labelPrevious: 'पिछले महीने पर जाएँ',
    labelYearDropdown: 'साल चुनें',
    labelWeekNumber: (weekNumber) => `हफ़्ता ${weekNumber}`,
    labelWeekNumberHeader: 'हफ़्ते का नंबर',
  };
  return localized;
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
