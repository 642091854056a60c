// Reach audience: the audience staff chose in the announcement form (audience.ts, as its check resolves it), for
// "Count reach". Before a choice (or chosen parents with none picked yet) the form's line asks for one instead.
import { audienceOf } from '../audience.ts';

const { audience: choice, parents } = $('Called').first().json;
const chosen = audienceOf(choice ?? '', parents ?? [], $json);
const asks = !chosen || (chosen.audience.kind === 'parents' && chosen.parents === 0);
return {
  json: {
    audience: JSON.stringify(chosen?.audience ?? { kind: 'parents', numbers: [] }),
    label: chosen?.label ?? '',
    asks,
  },
};
