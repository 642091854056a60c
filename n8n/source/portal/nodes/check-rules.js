// Check rules: the portal's rules (rules.ts) for a request an outcome's workflow answers ("Requests"), once it is
// new (list_requests is never stored: at once); a new request of any other action meets them in "Answer".
import { ruleProblem } from '../rules.ts';

const { envelope } = $('Check request').first().json;
return { json: ruleProblem(envelope) ?? { envelope } };
