/**
 * Every text the portal webhook answers with, written once, here, in the parent's language from the "Contract"
 * node's answer texts (server/contract/texts.ts); Slack's texts are the programme team's, in English. Days (`day`,
 * `start`, `end`) are written as each language writes them (formatDayKey, as the reference server writes them).
 * Bundled into "Answer" (a new request's answer) and "Write answer" (every other answer and refusal), which then
 * send it on by `next`.
 */
import { formatDayKey } from '../../../src/shared/format/ist.ts';

type Locale = 'en' | 'hi';
interface Text {
  key: string;
  values?: Record<string, unknown>;
}
export interface Texts {
  answer_texts: Record<Locale, Record<string, string>>;
  slack_texts: Record<string, string>;
}

/** An item to write: a refusal's text, an action's answer (its fields texts or values), or the conversation's. */
export interface Unwritten {
  status: number;
  text?: Text;
  answer?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, unknown>;
  claimed?: boolean;
  post?: { kind: string; channel?: string | null; text: Text };
}

export interface Written {
  status: number;
  type: 'json' | 'text';
  body: string;
  header: { name: string; value: string } | null;
  /** Where "Next step" sends it; "Answer" makes a chat or notice 'post …' when the claim wrote its intent. */
  next: 'chat' | 'notice' | 'post message' | 'post file' | 'post notice' | 'record' | 'release' | 'send';
  slack: { kind: string; channel: string | null; text: string } | null;
  claimed: boolean;
}

const DAY_VALUES = ['day', 'start', 'end'];
// The one header a refusal may carry beyond the fixed ones: a sign-in challenge or a wait ("Send answer" sends it).
const PASSED_HEADERS = ['WWW-Authenticate', 'Retry-After'];

/** The parent's words in a Slack text: Slack reads &, < and > as markup, escaped so. */
export const forSlack = (raw = '') => raw.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const isText = (value: unknown): value is Text => typeof value === 'object' && value !== null && 'key' in value;

/** The item written in `language` and where it goes next: to Slack, to be recorded, its claim released, or sent. */
export function writeAnswer(item: Unwritten, texts: Texts, language: Locale): Written {
  /** A template filled in one pass; a value may itself be a text ({ key }), such as 'the programme team'. */
  const fill = ({ key, values = {} }: Text, locale: Locale | 'slack'): string => {
    const template = locale === 'slack' ? texts.slack_texts[key] : texts.answer_texts[locale][key];
    if (template === undefined) throw new Error(`No answer text "${key}"`);
    return template.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (values[name] === undefined) throw new Error(`The text "${key}" needs a value for {${name}}`);
      const value = values[name];
      if (isText(value)) return fill(value, locale);
      return DAY_VALUES.includes(name)
        ? formatDayKey(String(value), locale === 'slack' ? 'en' : locale)
        : String(value);
    });
  };
  const given = item.headers ?? {};
  const headerName = PASSED_HEADERS.find((name) => given[name] !== undefined);
  const header = headerName ? { name: headerName, value: String(given[headerName]) } : null;
  const { status, claimed = false, post } = item;
  let answer: Pick<Written, 'status' | 'type' | 'body'>;
  if (typeof item.body === 'object' && item.body !== null) {
    // The conversation's workflow answers { status, body, headers }: its JSON, or a refusal whose body holds the text.
    const json = status === 200;
    answer = {
      status,
      type: json ? 'json' : 'text',
      body: json ? JSON.stringify(item.body) : (item.body as { text: string }).text,
    };
  } else if (item.answer) {
    const fields = Object.entries(item.answer).map(([name, value]) => [
      name,
      isText(value) ? fill(value, language) : value,
    ]);
    answer = { status, type: 'json', body: JSON.stringify(Object.fromEntries(fields)) };
  } else if (item.text) {
    answer = { status, type: 'text', body: fill(item.text, language) };
  } else {
    throw new Error(`Nothing to write for a ${status}`);
  }
  const slack =
    status === 200 && post ? { kind: post.kind, channel: post.channel ?? null, text: fill(post.text, 'slack') } : null;
  const next = slack
    ? (slack.kind as 'chat' | 'notice')
    : status === 200 && claimed
      ? 'record'
      : claimed
        ? 'release'
        : 'send';
  return { ...answer, header, next, slack, claimed };
}
