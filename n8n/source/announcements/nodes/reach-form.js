// Reach form: the announcement form again, for views.update, its reach line saying what the chosen audience reaches
// now and how many of those parents have notifications on (forms.ts), or asking for a choice.
import { formView } from '../forms.ts';

const { view_id: viewId, hash } = $('Called').first().json;
const { label, asks } = $('Reach audience').first().json;
const reach = asks ? undefined : { parents: $json.parents, notified: $json.notified, label };
const roster = $('Roster for reach').first().json;
return { json: { view_id: viewId, hash, view: JSON.stringify(formView('announce', roster, reach)) } };
