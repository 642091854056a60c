import { DateLib } from 'react-day-picker';
import { describe, expect, it } from 'vitest';
import { ANSWER_TEXTS, type AnswerKey } from '../../../server/contract/texts.ts';
import { codeText } from '../../../server/conversation/code-text.ts';
import { hindi } from '../../../src/app/hindi.ts';
import { loadCalendarLocale } from '../../../src/features/reschedule/calendar-locale.ts';
import { formatDayKey, formatIstDateTime, formatIstDay } from '../../../src/shared/format/ist.ts';

/**
 * The portal's Hindi conventions (docs/languages.md) held for every Hindi
 * text a parent can read: the page's catalogs, the server's answers and its
 * code SMS, the calendar's names and labels, and the dates the portal writes.
 * Each offence names the text's key, so the fix starts there.
 */

type Text = { key: string; text: string };

/** Sample arguments for a catalog function: 1 and 3 reach both sides of a `count === 1`. */
const SAMPLES: unknown[][] = [
  [1, 1, 1],
  [3, 3, 3],
  ['Asha', 3, 'Asha'],
];

function catalogTexts(value: unknown, key: string): Text[] {
  if (typeof value === 'string') return [{ key, text: value }];
  if (typeof value === 'function') {
    const call = value as (...args: unknown[]) => unknown;
    const texts = new Set(SAMPLES.map((args) => String(call(...args.slice(0, call.length)))));
    return [...texts].map((text) => ({ key, text }));
  }
  return Object.entries(value as Record<string, unknown>).flatMap(([name, inner]) =>
    catalogTexts(inner, `${key}.${name}`),
  );
}

async function calendarTexts(): Promise<Text[]> {
  const locale = await loadCalendarLocale('hi');
  if (!locale) throw new Error('no Hindi calendar locale');
  const options = { locale };
  const lib = new DateLib(options);
  const monday = new Date(2026, 10, 23);
  // Each label's own arguments: a day with its modifiers, a day, or a week's number.
  const argumentsOf = (name: string) =>
    /Day|Gridcell/.test(name)
      ? [monday, { today: true, selected: true }, options, lib]
      : name === 'labelWeekNumber'
        ? [48, options]
        : [monday, options, lib];
  const texts: Text[] = [];
  for (const [name, label] of Object.entries(locale.labels ?? {})) {
    const call = label as (...args: unknown[]) => unknown;
    const text = typeof label === 'string' ? label : String(call(...argumentsOf(name)));
    texts.push({ key: `calendar.labels.${name}`, text });
  }
  for (let day = 0; day < 7; day += 1) {
    for (const width of ['short', 'abbreviated', 'wide'] as const) {
      texts.push({ key: `calendar.weekday.${width}`, text: String(locale.localize.day(day as 0, { width })) });
    }
  }
  for (let month = 0; month < 12; month += 1) {
    texts.push({ key: 'calendar.month', text: String(locale.localize.month(month as 0, { width: 'wide' })) });
  }
  return texts;
}

function dateTexts(): Text[] {
  return Array.from({ length: 12 }, (_, index) => {
    const month = String(index + 1).padStart(2, '0');
    return [
      { key: 'format.formatDayKey', text: formatDayKey(`2026-${month}-15`, 'hi') },
      { key: 'format.formatIstDay', text: formatIstDay({ year: 2026, month: index + 1, day: 15 }, 'hi') },
      { key: 'format.formatIstDateTime', text: formatIstDateTime(new Date(`2026-${month}-15T12:00:00Z`), 'hi') },
    ];
  }).flat();
}

const catalogs: Text[] = Object.entries(hindi).flatMap(([namespace, catalog]) => catalogTexts(catalog, namespace));
const server: Text[] = [
  ...(Object.keys(ANSWER_TEXTS.hi) as AnswerKey[]).map((key) => ({ key: `server.${key}`, text: ANSWER_TEXTS.hi[key] })),
  { key: 'server.codeText', text: codeText('123456', 'hi', 'portal.example') },
];

/** A Devanagari word's edge: JavaScript's \b knows only Latin letters. */
const START = String.raw`(?<![\u0900-\u097F])`;
const END = String.raw`(?![\u0900-\u097F])`;

/** A word or spelling the glossary replaces, with what to write instead. */
const REPLACED: { pattern: RegExp; write: string; serverOnly?: boolean }[] = [
  { pattern: /कार्यक्रम/, write: 'प्रोग्राम' },
  { pattern: /सत्याप/, write: 'पुष्टि' },
  { pattern: /सहेज/, write: 'सेव' },
  { pattern: /पंजीक/, write: 'रजिस्टर्ड / रजिस्ट्रेशन' },
  { pattern: /संस्करण/, write: 'वर्ज़न' },
  { pattern: /\u0970/, write: 'the full month name (नवंबर, not नव॰)' },
  { pattern: /प्रकार/, write: 'तरह (फ़ाइल की तरह)' },
  { pattern: /(?<![A-Za-z])[KMG]B(?![A-Za-z])/, write: 'केबी / एमबी' },
  { pattern: /ऑफ़?लाइन|कनेक्शन/, write: 'इंटरनेट नहीं है / इंटरनेट आते ही' },
  { pattern: /फ़ोन कर/, write: 'कॉल करें' },
  { pattern: /मेन्यू/, write: 'मेनू' },
  { pattern: /सत्र/, write: 'सेशन' },
  { pattern: /सेशन बदल/, write: 'सेशन की तारीख बदलना' },
  { pattern: /पुनर्निर्धार/, write: 'सेशन की तारीख बदलना' },
  { pattern: /सप्ताह/, write: 'हफ़्ता' },
  { pattern: /परामर्श/, write: 'मुलाकात' },
  { pattern: /मैसेज/, write: 'संदेश' },
  { pattern: /निवेदन|रिक्वेस्ट/, write: 'अनुरोध' },
  { pattern: /वैकल्पिक/, write: '(ज़रूरी नहीं)' },
  { pattern: /लॉग ?इन|लॉगिन|साइन आउट/, write: 'साइन इन / लॉग आउट' },
  { pattern: /अधिसूचना|नोटिफ़?िकेशन/, write: 'सूचना' },
  { pattern: /वॉयस/, write: 'वॉइस' },
  { pattern: /कोड भेजें/, write: 'कोड मँगवाएँ (the parent asks; the portal sends)' },
  { pattern: /[कखग]\u093C|[\u0958-\u095A]/, write: 'क, ख, ग without a nukta (ज़ and फ़ keep theirs)' },
  { pattern: /[एऊ]ं/, write: 'chandrabindu: जाएँ, not जाएं' },
  { pattern: /सेव/, write: 'दर्ज हो गया: सेव is "on this phone, not sent yet"', serverOnly: true },
];

/** The clauses of a text: a verb agrees within its clause. */
const clauses = (text: string) => text.split(/[।?!,:;\n]/);

/** आप as the subject: a word of its own, not अपने-आप, and not before a postposition (आप तक, आप से). */
const YOU = new RegExp(`${START}(?<!-)आप${END}(?! (?:तक|से|के|का|की|को|ने|पर|में)${END})`);
const WE = new RegExp(`${START}हम${END}`);
/** A verb form that agrees with its subject's gender (करेंगे, कर सकते हैं, खोज रहे थे, जानते हैं, …). */
const GENDERED = new RegExp(
  [
    String.raw`(?:ेंगे|ेंगी|एँगे|एँगी|एंगे|एंगी|ओगे|ओगी)${END}`,
    `${START}(?:रहे|रही|रहीं|सकते|सकती|सकतीं|चुके|चुकी|चुकीं|गए|गई|गईं|हुए|हुई|हुईं|थे|थी|थीं)${END}`,
    `(?:ते|ती|तीं) (?:हैं|है|हो|थे|थी|थीं)${END}`,
  ].join('|'),
);
/**
 * Forms that speak to the parent even with आप left out ("…कोशिश कर सकते हैं",
 * "जो पेज खोज रहे थे", "क्या करना चाहेंगे?"), unless the clause's subject is
 * हम, the team. A passive or a thing as subject stays: "भेजे जा सकते हैं",
 * "फ़ाइलें जा सकती हैं", "अक्षर नहीं हो सकते".
 */
const ADDRESSED = [
  new RegExp(`(?<!${START}(?:जा|हो) )सक(?:ते|ती|तीं|ेंगे|ेंगी)${END}`),
  new RegExp(`चाह(?:ेंगे|ेंगी|ते|ती|तीं)${END}`),
  new RegExp(`(?<!${START}जा )रह(?:े|ी|ीं) (?:थे|थी|थीं)${END}`),
  new RegExp(`(?:साइन इन|लॉग आउट)(?: कर)? (?:रहेंगे|रहेंगी|रहे|रही|चुके|चुकी)${END}`),
];

function assumesGender(text: string): boolean {
  return clauses(text).some((clause) => {
    if (WE.test(clause)) return false;
    const you = YOU.exec(clause);
    if (you && GENDERED.test(clause.slice(you.index))) return true;
    return ADDRESSED.some((pattern) => pattern.test(clause));
  });
}

/** One line per key and rule, with the first text that breaks it (a function's texts differ only by their sample). */
function offences(texts: Text[], breaks: (text: Text) => string[]): string[] {
  const found = new Map<string, string>();
  for (const text of texts) {
    for (const rule of breaks(text)) {
      const line = `${text.key}: "${text.text}"${rule ? ` → ${rule}` : ''}`;
      if (!found.has(`${text.key} ${rule}`)) found.set(`${text.key} ${rule}`, line);
    }
  }
  return [...found.values()];
}

const replacedIn = ({ key, text }: Text) =>
  REPLACED.filter(({ serverOnly }) => !serverOnly || key.startsWith('server.'))
    .filter(({ pattern }) => pattern.test(text))
    .map(({ write }) => write);

describe('every Hindi text a parent reads', async () => {
  const all = [...catalogs, ...server, ...(await calendarTexts()), ...dateTexts()];

  it('reads every catalog, every server answer, the code SMS, the calendar and the dates', () => {
    expect(catalogs.length).toBeGreaterThan(250);
    expect(server.length).toBe(Object.keys(ANSWER_TEXTS.en).length + 1);
    expect(all.length).toBeGreaterThan(catalogs.length + server.length + 50);
  });

  it('uses the glossary’s word for each thing, in the glossary’s spelling', () => {
    expect(offences(all, replacedIn)).toEqual([]);
  });

  it('has no verb that assumes the parent is a man (or a woman)', () => {
    expect(offences(all, ({ text }) => (assumesGender(text) ? [''] : []))).toEqual([]);
  });

  it('ends its sentences with । rather than a full stop', () => {
    expect(offences(all, ({ text }) => (/[\u0900-\u097F]\.(?:\s|$)/.test(text) ? ['।'] : []))).toEqual([]);
  });

  it('heads the calendar’s weekdays with their short names, not single letters', async () => {
    const locale = await loadCalendarLocale('hi');
    const lib = new DateLib({ locale });
    // What react-day-picker's formatWeekdayName writes over each column, Sunday 22 Nov 2026 first.
    const headers = Array.from({ length: 7 }, (_, day) => lib.format(new Date(2026, 10, 22 + day), 'cccccc'));
    expect(headers.join(' ')).toBe('रवि सोम मंगल बुध गुरु शुक्र शनि');
  });
});

describe('the gender check', () => {
  it.each([
    'आप क्या करना चाहेंगे?',
    'आप कैसे शुरुआत करना चाहेंगी?',
    'यह कोड सही नहीं है। 1 बार और कोशिश कर सकते हैं।',
    'आप जो पेज खोज रहे थे, वह मौजूद नहीं है।',
    'हर स्क्रीन खुलेगी और आप साइन इन रहेंगे।',
    'आप फिर भी मुलाकात तय कर सकती हैं',
    'आप जानते हैं कि…',
  ])('flags "%s"', (text) => {
    expect(assumesGender(text)).toBe(true);
  });

  it.each([
    'शुरुआत कैसे करें?',
    '1 कोशिश और बाकी है।',
    'इंटरनेट आते ही ये अपने-आप भेज दिए जाएँगे।',
    'एक संदेश में ज़्यादा से ज़्यादा 5 फ़ाइलें जा सकती हैं',
    'संदेश में 500 से ज़्यादा अक्षर नहीं हो सकते',
    'जवाब आपके बच्चे के बारे में हो सकते हैं, इसलिए पहले हम जाँचते हैं',
    'ऐसे अनुरोध भेजे जा सकते हैं',
    'हम आपको कॉल करेंगे',
    'आपको प्रोग्राम की जानकारी वाले पेज पर ले जा रहे हैं…',
    'आपने जो लिखा था, वह फ़ॉर्म में वापस भर दिया गया है',
  ])('lets "%s" be', (text) => {
    expect(assumesGender(text)).toBe(false);
  });
});
