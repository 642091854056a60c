// Outcomes: each request as the parent reads it (ParentRequest, src/shared/webhook/requests.ts), by the reference
// server's rules (server/requests/rules.ts): its status after its answers, a confirmed day outside the days asked
// for, the session it concerns (found by thrive.session_concerned) and the calendar's SEQUENCE; and an offered
// request as it reads once the parent accepts it now.
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
  const answers = [...request.answers, ...more];
  const latest = answers.at(-1);
  const status = !latest ? 'waiting' : latest.kind === 'accepted' ? 'confirmed' : latest.kind;
  const asked =
    request.action === 'reschedule_single' && start === end ? { date: start } : { start_date: start, end_date: end };
  const result = {
    request_id: request.request_id,
    asked,
    sent_at: request.timestamp_ist,
    status,
    ...(session && { session }),
  };
  if (!latest) return result;
  Object.assign(result, { answered_at: latest.answered_at, answered_by: latest.answered_by });
  const day = latest.starts_at?.slice(0, 10);
  if (status === 'confirmed' && latest.starts_at) {
    result.confirmed = { starts_at: latest.starts_at, differs: day < start || day > end };
    const sequence = answers.filter(({ kind }) => kind === 'confirmed' || kind === 'accepted').length;
    if (session) result.calendar = { uid_of: session, sequence };
  }
  if (status === 'offered' && latest.starts_at && latest.offer_id)
    result.offer = { offer_id: latest.offer_id, starts_at: latest.starts_at };
  if (status === 'declined' && latest.reason) result.reason = latest.reason;
  return result;
}

const at = new Date().toISOString();
const accepted = (request) => {
  const offered = request.answers.at(-1);
  if (offered?.kind !== 'offered') return null;
  return shown(request, [{ kind: 'accepted', starts_at: offered.starts_at, answered_by: user.name, answered_at: at }]);
};
return { json: { ...$json, shown: requests.map((r) => shown(r)), accepted: requests.map(accepted) } };
