// Preview: the uploaded file read by the shared roster rules and compared with the roster Postgres holds now
// (importPage, ../preview.ts): the page the operator sees next, and what confirming it applies, bound to the
// roster's version and the file's SHA-256.
import { importPage } from '../preview.ts';
import { FIELDS } from '../texts.ts';

const form = $('Import form').first().json;
const roster = $json;
const upload = {
  bytes: Buffer.from($('File as base64').first().json.file ?? '', 'base64'),
  fileName: String(form[FIELDS.file]?.filename ?? ''),
  sha256: roster.file_sha256,
  by: String(form[FIELDS.by] ?? ''),
};
return { json: importPage(upload, roster) };
