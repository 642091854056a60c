import { formatIstDateTime } from '../../src/shared/format/ist.ts';
import { formatFileSize } from '../../src/shared/rules/sizes.ts';
import { readMessage, readScheduleText, readSlackChannel } from '../../src/shared/webhook/response.ts';
import type { InboxEntry } from './latest-requests.ts';

const NAMED_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\\': '\\\\' };
/**
 * What a terminal would act on or draw misleadingly: controls (ESC, BEL, CR,
 * LF…), format characters such as bidi overrides (but not the zero-width
 * joiners Indic scripts need), line and paragraph separators, lone
 * surrogates, private-use and unassigned code points; and the backslash, so
 * an escape cannot be faked.
 */
const UNPRINTABLE = /[\p{Cc}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}\\]|(?![\u200c\u200d])\p{Cf}/gu;

/** Text from a request as the operator's terminal may print it: one line, every unprintable character escaped. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (char) => {
    const code = char.codePointAt(0) ?? 0;
    return (
      NAMED_ESCAPES[char] ?? (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`)
    );
  });
}

function details(entry: InboxEntry): string[] {
  const lines: string[] = [];
  const { payload } = entry;
  if (typeof payload.date === 'string') lines.push(`date: ${payload.date}`);
  if (typeof payload.start_date === 'string') lines.push(`dates: ${payload.start_date} to ${String(payload.end_date)}`);
  if (typeof payload.message === 'string') lines.push(`message: ${payload.message}`);
  for (const file of entry.attachments) {
    lines.push(`attachment: ${file.filename} (${file.mimetype}, ${formatFileSize(file.size)})`);
  }
  if (entry.note) lines.push(`note: ${entry.note}`);
  if (entry.message) lines.push(`message: ${entry.message}`);
  if (entry.preferredTimes) lines.push(`preferred times: ${entry.preferredTimes}`);
  if (entry.language) lines.push(`language: ${entry.language}`);
  return lines;
}

function answered(entry: InboxEntry): string {
  const body: unknown = JSON.parse(entry.answer);
  if (entry.action === 'know_schedule') {
    const lines = readScheduleText(body)?.split('\n').length ?? 0;
    return `answered: schedule (${lines} line${lines === 1 ? '' : 's'})`;
  }
  const channel = readSlackChannel(body);
  return `answered: ${readMessage(body) ?? ''}${channel ? ` [${channel}]` : ''}`;
}

/**
 * One stored request as a short block of text for the programme team's
 * terminal. Every line goes through `printable`: whatever a request holds,
 * it cannot clear the screen, ring the bell, or print a line that looks
 * like another entry.
 */
export function formatEntry(entry: InboxEntry): string {
  const head = `${formatIstDateTime(new Date(entry.receivedAt))}  ${entry.action}  ${entry.userName} (${entry.userNumber})`;
  const body = [...details(entry), answered(entry), `request_id: ${entry.requestId}`];
  return [head, ...body.map((line) => `    ${line}`)].map(printable).join('\n');
}
