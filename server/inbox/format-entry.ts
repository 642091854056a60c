import { formatIstDateTime } from '../../src/shared/format/ist.ts';
import { formatFileSize } from '../../src/shared/rules/sizes.ts';
import { readMessage, readScheduleText, readSlackChannel } from '../../src/shared/webhook/response.ts';
import type { InboxEntry } from './latest-requests.ts';

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

/** One stored request as a short block of text for the programme team's terminal. */
export function formatEntry(entry: InboxEntry): string {
  const head = `${formatIstDateTime(new Date(entry.receivedAt))}  ${entry.action}  ${entry.userName} (${entry.userNumber})`;
  const body = [...details(entry), answered(entry), `request_id: ${entry.requestId}`];
  return [head, ...body.map((line) => `    ${line}`)].join('\n');
}
