/**
 * The programme's words for a session change, in both languages, which the
 * announcement of the change carries: the reference server writes them when
 * staff cancel or move a session, and n8n's workflow bundles this file to
 * write the same. A time of this week (India's, Monday to Sunday) is named
 * by its weekday, as the schedule names it; one of a later week by its
 * weekday and date, so a change next week does not read as this week's. The
 * Hindi follows /work/shared/HINDI.md (सेशन, फ़ैसिलिटेटर; no verb agrees with
 * the parent).
 */
import { formatIstDay } from '../format/ist.ts';
import { formatClockTime } from '../format/ist-zone.ts';
import { partsOf, scheduleDayName, weekdayOf } from '../schedule/week.ts';
import { WEEKDAYS } from '../schedule/weekdays.ts';
import type { Language } from '../webhook/types.ts';
import { isThisWeek } from './rules.ts';

const WEEKDAYS_HI = ['सोमवार', 'मंगलवार', 'बुधवार', 'गुरुवार', 'शुक्रवार', 'शनिवार', 'रविवार'] as const;

/** "4:00 PM" as Hindi writes the hour: "शाम 4:00". */
function hindiTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const period = hours < 4 ? 'रात' : hours < 12 ? 'सुबह' : hours < 16 ? 'दोपहर' : hours < 20 ? 'शाम' : 'रात';
  return `${period} ${hours % 12 || 12}:${String(minutes).padStart(2, '0')}`;
}

/**
 * "Wednesday" ("बुधवार") for a day of the week of `now`, else "Wednesday 9 Dec"
 * ("बुधवार, 9 दिसंबर"); without `now`, the weekday alone.
 */
export function weekdayName(key: string, language: Language, now?: Date): string {
  const weekday = (language === 'en' ? WEEKDAYS : WEEKDAYS_HI)[weekdayOf(key) - 1] ?? key;
  if (!now || isThisWeek(key, now)) return weekday;
  if (language === 'en') return scheduleDayName(key);
  const [year = 0, month = 1, day = 1] = key.split('-').map(Number);
  return formatIstDay({ year, month, day }, 'hi');
}

/** "Wednesday 4:00 PM" ("बुधवार शाम 4:00") for a start written with +05:30; a later week's with its date. */
export function occurrenceName(startsAt: string, language: Language, now?: Date): string {
  const { key, time } = partsOf(startsAt);
  const day = weekdayName(key, language, now);
  return language === 'en' ? `${day} ${formatClockTime(time)}` : `${day} ${hindiTime(time)}`;
}

export type SessionChange =
  | { kind: 'cancelled'; startsAt: string; facilitator: string; reason: string }
  | { kind: 'moved'; startsAt: string; facilitator: string; to: string; reason: string }
  | { kind: 'holiday'; day: string; reason: string };

export interface ChangeText {
  title: string;
  body: string;
}

/** The words parents read; `now` decides whether a day is this week's (a weekday) or a later one's (and its date). */
export function sessionChangeText(change: SessionChange, language: Language, now: Date): ChangeText {
  const en = language === 'en';
  switch (change.kind) {
    case 'cancelled': {
      const when = occurrenceName(change.startsAt, language, now);
      return en
        ? { title: 'Session cancelled', body: `${when} with ${change.facilitator} is cancelled: ${change.reason}` }
        : {
            title: 'सेशन रद्द हुआ',
            body: `${when} का ${change.facilitator} के साथ सेशन रद्द हो गया है। कारण: ${change.reason}`,
          };
    }
    case 'moved': {
      const when = occurrenceName(change.startsAt, language, now);
      const to = occurrenceName(change.to, language, now);
      return en
        ? { title: 'Session moved', body: `${when} with ${change.facilitator} moves to ${to}: ${change.reason}` }
        : {
            title: 'सेशन का समय बदला',
            body: `${when} का ${change.facilitator} के साथ सेशन अब ${to} को होगा। कारण: ${change.reason}`,
          };
    }
    case 'holiday': {
      const day = weekdayName(change.day, language, now);
      // Two returns, not one ternary: n8n's Code node bundles this, and keeps its lines short.
      if (en) return { title: `No sessions on ${day}`, body: `Every session on ${day} is cancelled: ${change.reason}` };
      return { title: `${day} को कोई सेशन नहीं`, body: `${day} के सभी सेशन रद्द हो गए हैं। कारण: ${change.reason}` };
    }
  }
}

/**
 * The words parents read when staff withdraw a change whose session is still ahead (withdrawal.ts): the session is
 * back as the roster has it. `change` names what was changed, as sessionChangeText named it; its reason is not read.
 */
export function withdrawnChangeText(change: SessionChange, language: Language, now: Date): ChangeText {
  const en = language === 'en';
  switch (change.kind) {
    case 'cancelled': {
      const when = occurrenceName(change.startsAt, language, now);
      if (en)
        return { title: 'Session back on', body: `${when} with ${change.facilitator} is not cancelled after all.` };
      return {
        title: 'सेशन होगा',
        body: `${when} का ${change.facilitator} के साथ सेशन अब रद्द नहीं है। यह अपने तय समय पर होगा।`,
      };
    }
    case 'moved': {
      const when = occurrenceName(change.startsAt, language, now);
      const to = occurrenceName(change.to, language, now);
      if (en) {
        return {
          title: 'Session stays at its time',
          body: `${when} with ${change.facilitator} stays at its usual time: it does not move to ${to}.`,
        };
      }
      return {
        title: 'सेशन का समय नहीं बदला',
        body: `${when} का ${change.facilitator} के साथ सेशन अपने तय समय पर ही होगा, ${to} को नहीं।`,
      };
    }
    case 'holiday': {
      const day = weekdayName(change.day, language, now);
      if (en) return { title: `Sessions on ${day} after all`, body: `Every session on ${day} takes place as usual.` };
      return { title: `${day} को सेशन होंगे`, body: `${day} के सेशन अब रद्द नहीं हैं। सभी सेशन अपने तय समय पर होंगे।` };
    }
  }
}
