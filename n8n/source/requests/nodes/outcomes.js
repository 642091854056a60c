// Outcomes: each request as the parent reads it (ParentRequest, src/shared/webhook/requests.ts), by the rule the
// reference server uses too (src/shared/rules/request-outcome.ts): its status after its answers, a confirmed day
// outside the days asked for and the calendar's SEQUENCE, with the session it concerns (found by
// thrive.session_concerned); and an offered request as it reads once the parent accepts it now.
import { requestAfterAnswers } from '../../../../src/shared/rules/request-outcome.ts';

const { user } = $('Called by the portal webhook').first().json.envelope;
const { requests } = $json;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function sessionOf({ starts_at, facilitator }) {
  const day = new Date(`${starts_at.slice(0, 10)}T12:00:00Z`);
  const [hours, minutes] = starts_at.slice(11, 16).split(':').map(Number);
  return {
    day: `${WEEKDAYS[(day.getUTCDay() + 6) % 7]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`,
    time: `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`,
    facilitator,
    starts_at,
  };
}

function shown(request, more = []) {
  const { first_day: start, last_day: end } = request;
  const session = request.session ? sessionOf(request.session) : undefined;
  return requestAfterAnswers(request, { start, end }, session, [...request.answers, ...more]);
}

const at = new Date().toISOString();
const accepted = (request) => {
  const offered = request.answers.at(-1);
  if (offered?.kind !== 'offered') return null;
  return shown(request, [{ kind: 'accepted', starts_at: offered.starts_at, answered_by: user.name, answered_at: at }]);
};
return { json: { ...$json, shown: requests.map((r) => shown(r)), accepted: requests.map(accepted) } };
