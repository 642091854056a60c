/**
 * An announcement's push as both backends write it when they send it: its
 * title in the device's language when the announcement has it, else in the
 * other; its text only with show_text; urgent as staff sent it. The texts are
 * read at sending, so a withdrawal or a change of show_text holds at once.
 */
import type { PushMessage } from '../webhook/push.ts';
import type { Language } from '../webhook/types.ts';

export interface AnnouncementTextsRow {
  id: string;
  title_en: string | null;
  body_en: string | null;
  title_hi: string | null;
  body_hi: string | null;
  urgent: boolean;
}

export function announcementPush(
  row: AnnouncementTextsRow,
  language: Language,
  showText: boolean,
): PushMessage | undefined {
  const order: Language[] = language === 'en' ? ['en', 'hi'] : ['hi', 'en'];
  const lang = order.find((candidate) => row[`title_${candidate}`] !== null);
  const title = lang && row[`title_${lang}`];
  const body = lang && row[`body_${lang}`];
  if (!lang || !title) return undefined;
  return {
    kind: 'announcement',
    announcement_id: row.id,
    title,
    ...(showText && body ? { text: body } : {}),
    urgent: row.urgent,
    language: lang,
  };
}
