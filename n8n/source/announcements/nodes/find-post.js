// Find post: the announcement's post in the page of the staff channel's history "Look in channel" read, by its
// metadata; found, its ts is kept as if just posted, else it is posted again.
import { SLACK_ANNOUNCEMENT_EVENT } from '../../toolkit/ids.ts';

const wanted = $('Sync').item.json;
const found = ($json.messages ?? []).find(
  (m) => m.metadata?.event_type === SLACK_ANNOUNCEMENT_EVENT && m.metadata.event_payload?.announcement_id === wanted.id,
);
return { json: { ...wanted, found: Boolean(found), ts: found?.ts ?? null } };
