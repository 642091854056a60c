// Suggestions: the chosen parents' menu's answer to what staff typed (block_suggestion): the parents "Parents like"
// found, as options (forms.ts), sent back to Slack as they are.
import { parentOptions } from '../forms.ts';

return { json: { body: JSON.stringify(parentOptions($json.parents)) } };
