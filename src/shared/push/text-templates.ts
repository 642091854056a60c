/**
 * The text messages a notification not seen becomes, one template a kind in
 * each language. Fixed text with variables, as India's DLT registration
 * wants them (`{#var#}`), so a gateway can register each once. A text never
 * carries the message: a phone may be shared. It says who wrote and links to
 * the portal's screen. Each fits one SMS part where it can (smsParts): 160
 * GSM-7 characters in English, 70 UCS-2 characters in Hindi.
 */
import type { Language } from '../webhook/types.ts';
import type { NoticeKind } from './text-fallback.ts';

export const TEXT_TEMPLATES = {
  reply: {
    en: 'Thrive: {#author#} replied to your message. Read it in the portal: {#link#}',
    hi: 'Thrive: {#author#} का जवाब आया है। पढ़ें: {#link#}',
  },
  request_update: {
    en: 'Thrive: {#author#} answered your request. See it in the portal: {#link#}',
    hi: 'Thrive: आपके अनुरोध का जवाब आया है। देखें: {#link#}',
  },
  announcement: {
    en: 'Thrive: a new update from {#author#}. Read it in the portal: {#link#}',
    hi: 'Thrive: प्रोग्राम की नई सूचना आई है। पढ़ें: {#link#}',
  },
} as const satisfies Record<NoticeKind, Record<Language, string>>;

export interface TextValues {
  /** Who wrote: the staff member, or the programme. */
  author: string;
  /** The portal's screen, https. */
  link: string;
}

/** Who wrote an update from the programme, or an outcome nobody signed. */
export const PROGRAMME_AUTHOR = 'Thrive';

/** The screens a text links to, from the route table (the caller passes src/config/paths.ts). */
export interface TextRoutes {
  chat: string;
  /** One update's address (src/config/paths.ts's announcementPath). */
  announcement: (id: string) => string;
}

/** The portal screen a text links to: an update's own page, else the chat (a reply, an outcome's event line). */
export function textLink(
  notice: { kind: NoticeKind; announcement_id: string | null },
  origin: string,
  routes: TextRoutes,
): string {
  if (notice.kind === 'announcement' && notice.announcement_id)
    return origin + routes.announcement(notice.announcement_id);
  return origin + routes.chat;
}

/**
 * A text's id for the gateway: the same at every try of one text and different for every other, so a gateway that
 * keeps the ids it has taken sends each text once, even when its answer was lost (no answer in time, a restart before
 * the portal recorded it) and the portal tries again. From the queue row's id and the moment the row was made: a
 * database made anew numbers its rows from 1 again, but never at the same moment.
 */
export function textId(notice: { id: number | string; created_at: string }): string {
  return `${Date.parse(notice.created_at).toString(36)}-${notice.id}`;
}

/** A template with its values put in; a value's own `{#…#}` is left as it is, never read as a variable. */
export function fillTemplate(kind: NoticeKind, language: Language, values: TextValues): string {
  return TEXT_TEMPLATES[kind][language].replace(/\{#(author|link)#\}/g, (_, name: keyof TextValues) => values[name]);
}

// GSM 03.38's basic set, and its extension (each of those counts two).
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

/** How a text goes as SMS: its encoding, its length in that encoding's units, and how many parts it takes. */
export function smsParts(text: string): { encoding: 'GSM-7' | 'UCS-2'; length: number; parts: number } {
  const characters = [...text];
  const gsm = characters.every((c) => GSM_BASIC.includes(c) || GSM_EXTENDED.includes(c));
  if (gsm) {
    const length = characters.reduce((sum, c) => sum + (GSM_EXTENDED.includes(c) ? 2 : 1), 0);
    return { encoding: 'GSM-7', length, parts: length <= 160 ? 1 : Math.ceil(length / 153) };
  }
  // UCS-2 counts UTF-16 units: a character beyond the BMP takes two.
  const length = text.length;
  return { encoding: 'UCS-2', length, parts: length <= 70 ? 1 : Math.ceil(length / 67) };
}
