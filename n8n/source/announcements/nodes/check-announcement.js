// Check announcement: a submitted announcement by the rules /staff's form keeps (src/shared/announcements/rules.ts):
// its texts, who (nobody is refused), when (not past), urgent confirmed. A form put wrong is shown its problem
// under its field (response_action errors) and stores nothing; else the announcement, for "Create announcement".
import { slotLabel, slotValue } from '../../../../src/shared/announcements/slots.ts';
import { checkAnnouncementTexts, checkSendAt } from '../../../../src/shared/announcements/rules.ts';
import { AUDIENCE_LABELS, PROBLEMS } from '../texts.ts';

const { values: v, by } = $('Called').first().json;
const { facilitators, slots, parents } = $json;
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
const [kind, ...rest] = (v.audience ?? '').split('|');
const facilitator = facilitators.find((f) => f.id === rest[0]);
const slot = slots.find((s) => slotValue(s) === rest.join('|'));
const chosen = parents.filter((p) => (v.parents ?? []).includes(p.number));
const AUDIENCES = {
  everyone: () => [{ kind: 'all' }, AUDIENCE_LABELS.everyone, parents.length],
  facilitator: () =>
    facilitator && [
      { kind: 'facilitator', id: facilitator.id },
      AUDIENCE_LABELS.facilitator.replace('{name}', facilitator.name),
      facilitator.parents,
    ],
  session: () =>
    slot && [
      { kind: 'session', weekday: slot.weekday, time: slot.time, facilitator: slot.facilitator_id },
      slotLabel(slot),
      slot.numbers.length,
    ],
  parents: () => [
    { kind: 'parents', numbers: chosen.map((p) => p.number) },
    `${AUDIENCE_LABELS.parents}: ${chosen.map((p) => p.name).join(', ')}`,
    chosen.length,
  ],
};
const audience = Object.hasOwn(AUDIENCES, kind) ? AUDIENCES[kind]() : undefined;
if (!audience) return invalid('audience', PROBLEMS.audienceUnknown);
if (audience[2] === 0) return invalid(kind === 'parents' ? 'parents' : 'audience', PROBLEMS.nobody);
const when = checkSendAt(v.send_day ?? '', v.send_time ?? '', now);
if (!when.ok) return invalid(when.problem === 'time' ? 'send_time' : 'send_day', PROBLEMS.when[when.problem]);
if (v.urgent && !v.confirm) return invalid('confirm', PROBLEMS.urgentUnconfirmed);
const { en, hi } = texts.texts;
const words = { title_en: en?.title, body_en: en?.body, title_hi: hi?.title, body_hi: hi?.body };
const at = when.at?.toISOString() ?? null;
return valid({
  kind: 'announcement',
  ...words,
  audience: audience[0],
  audience_label: audience[1],
  send_at: at,
  urgent: v.urgent,
});
