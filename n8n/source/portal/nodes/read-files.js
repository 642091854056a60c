// Read files: each chat attachment's content decoded strictly and held to its declared type by its first bytes
// (sniffMatches): the attachment rule the page and the reference server keep, beside the names "Name files" made.
// Refusals that name a file, "Check files" and the Slack upload all read what this finds.
import { SNIFF_BYTES, sniffMatches } from '../../../../src/shared/rules/attachment.ts';

const attachments = $('Webhook').first().json.body?.payload?.attachments;
const names = $('Name files').first().json.files;
const files = (Array.isArray(attachments) ? attachments : []).map((file, i) => {
  const named = names[i];
  if (typeof file?.content !== 'string') return named;
  // Strict base64: it must decode, and encode back to exactly the same text.
  const bytes = Buffer.from(file.content, 'base64');
  if (bytes.toString('base64') !== file.content) return { ...named, problem: 'invalidBase64' };
  const fits = sniffMatches(file.mimetype, bytes.subarray(0, SNIFF_BYTES));
  return { ...named, size: bytes.length, problem: fits ? null : 'contentNotOfType' };
});
return { json: { files } };
