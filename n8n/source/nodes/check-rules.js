// Check rules: the portal's own rules applied again once the request is known to be new
// (server/webhook/rules.ts): name and number, the phone rule, days not before today in India and the end not
// before the start, a chat message not blank and at most MESSAGE_MAX_LENGTH characters.
const { envelope } = $('Check files').first().json;
const { user, payload } = envelope;
const refuse = (key, values = {}) => ({ json: { status: 400, text: { key, values }, claimed: true } });

const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;
const todayInIndia = new Date(Date.now() + IST_OFFSET_MS).toISOString().slice(0, 10);

function dayProblem(start, end) {
  if (start < todayInIndia) return refuse('pastDate', { day: start });
  if (end < start) return refuse('endBeforeStart');
  return null;
}

function problem() {
  if (user.name.trim() === '' || user.number.trim() === '') return refuse('nameAndNumberRequired');
  const phone = user.number.trim();
  if (!E164.test(phone) && !INDIAN_MOBILE.test(phone)) return refuse('invalidPhone');
  switch (envelope.action) {
    case 'reschedule_single':
      return dayProblem(payload.date, payload.date);
    case 'reschedule_range':
      return dayProblem(payload.start_date, payload.end_date);
    case 'chat_facilitator': {
      const message = payload.message.trim();
      if (message === '') return refuse('emptyMessage');
      return message.length > MESSAGE_MAX_LENGTH ? refuse('messageTooLong') : null;
    }
    default:
      return null;
  }
}

return problem() ?? { json: { envelope } };
