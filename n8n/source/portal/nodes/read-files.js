// Read files: each chat attachment's name as a person may read it (displayFileName), and its content decoded
// strictly and held to its declared type by its first bytes (sniffMatches): the attachment rule the page and the
// reference server keep. Refusals that name a file, "Check files" and the Slack upload all read what this finds.
import { displayFileName, SNIFF_BYTES, sniffMatches } from '../../../../src/shared/rules/attachment.ts';

const attachments = $('Webhook').first().json.body?.payload?.attachments;
const files = (Array.isArray(attachments) ? attachments : []).map((file) => {
  const name = displayFileName(typeof file?.filename === 'string' ? file.filename : '');
  if (typeof file?.content !== 'string') return { name };
  // Strict base64: it must decode, and encode back to exactly the same text.
  const bytes = Buffer.from(file.content, 'base64');
  if (bytes.toString('base64') !== file.content) return { name, problem: 'invalidBase64' };
  const fits = sniffMatches(file.mimetype, bytes.subarray(0, SNIFF_BYTES));
  return { name, size: bytes.length, problem: fits ? null : 'contentNotOfType' };
});
return { json: { files } };
