// Form: the modal a slash command or a shortcut opens (views.open): an announcement's fields as /staff's form has
// them, or a session change's, with the roster's facilitators and weekly sessions to choose from (forms.ts).
import { formView } from '../forms.ts';

const { form, trigger_id: triggerId } = $('Called').first().json;
return { json: { trigger_id: triggerId, view: JSON.stringify(formView(form, $json)) } };
