// Check announcement: a submitted announcement by the rules /staff's form keeps (src/shared/announcements/rules.ts):
// its texts, who (nobody is refused), when (not past), urgent confirmed. A form put wrong is shown its problem
// under its field (response_action errors) and stores nothing; else the announcement, for "Create announcement".
import { checkAnnouncementTexts, checkSendAt } from '../../../../src/shared/announcements/rules.ts';
import { audienceOf } from '../audience.ts';
import { PROBLEMS } from '../problems.ts';

const { values: v, by } = $('Called').first().json;
const now = new Date();
const invalid = (block, text) => ({
  json: { valid: false, body: { response_action: 'errors', errors: { [block]: text } } },
});
const valid = (item, changes = []) => ({ json: { valid: true, item: { ...item, created_by: by }, changes } });

// Slack sends a field left empty as null; the problem is shown under the field it is in.
const texts = checkAnnouncementTexts({
  title_en: v.title_en ?? '',
  body_en: v.body_en ?? '',
  title_hi: v.title_hi ?? '',
  body_hi: v.body_hi ?? '',
});
if (!texts.ok) return invalid(texts.field, PROBLEMS.text[texts.problem]);
const audience = audienceOf(v.audience ?? '', v.parents ?? [], $json);
if (!audience) return invalid('audience', PROBLEMS.audienceUnknown);
if (audience.parents === 0)
  return invalid(audience.audience.kind === 'parents' ? 'parents' : 'audience', PROBLEMS.nobody);
const when = checkSendAt(v.send_day ?? '', v.send_time ?? '', now);
if (!when.ok) return invalid(when.problem === 'time' ? 'send_time' : 'send_day', PROBLEMS.when[when.problem]);
if (v.urgent && !v.confirm) return invalid('confirm', PROBLEMS.urgentUnconfirmed);
const { en, hi } = texts.texts;
const words = { title_en: en?.title, body_en: en?.body, title_hi: hi?.title, body_hi: hi?.body };
const at = when.at?.toISOString() ?? null;
return valid({
  kind: 'announcement',
  ...words,
  audience: audience.audience,
  audience_label: audience.label,
  send_at: at,
  urgent: v.urgent,
});
