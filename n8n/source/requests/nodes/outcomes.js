// Outcomes: each request as the parent reads it (ParentRequest, src/shared/webhook/requests.ts), by the rule the
// reference server uses too (src/shared/schedule/request-session.ts): the session it concerns among the parent's
// weekly sessions, its status after its answers, a confirmed day outside the days asked for and the calendar's
// SEQUENCE; and an offered request as it reads once the parent accepts it now.
import { parentRequest } from '../../../../src/shared/schedule/request-session.ts';

const { user } = $('Called by the portal webhook').first().json.envelope;
const { requests, sessions } = $json;
const shown = (request, more = []) => parentRequest(request, [...request.answers, ...more], sessions) ?? null;

const at = new Date().toISOString();
const accepted = (request) => {
  const offered = request.answers.at(-1);
  if (offered?.kind !== 'offered') return null;
  return shown(request, [{ kind: 'accepted', starts_at: offered.starts_at, answered_by: user.name, answered_at: at }]);
};
return { json: { ...$json, shown: requests.flatMap((r) => shown(r) ?? []), accepted: requests.map(accepted) } };
