// Name files: each chat attachment's name as a person may read it (displayFileName, the rule the page and the
// reference server keep), twice: as it was sent, which a refusal quotes, and with its declared type's own extension
// (`report.html` declared image/png is `report.png`), which is stored and given to Slack once "Read files" and
// "Check files" have held the content to that type. A type not allowed leaves the name as it is.
import { displayFileName } from '../../../../src/shared/rules/attachment.ts';

const attachments = $('Webhook').first().json.body?.payload?.attachments;
const files = (Array.isArray(attachments) ? attachments : []).map((file) => {
  const raw = typeof file?.filename === 'string' ? file.filename : '';
  const type = typeof file?.mimetype === 'string' ? file.mimetype : undefined;
  return { name: displayFileName(raw), typedName: displayFileName(raw, type) };
});
return { json: { files } };
