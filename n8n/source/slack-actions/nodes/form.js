// Form: the modal a notice's button opens (views.open, with the click's trigger_id). Confirm and Offer another
// time ask a day and a time: the day picker starts on the first day the parent asked for (today once that day is
// past, as /staff offers it), and staff may pick another (the parent is then told it differs); the time starts on
// the time of the session the request concerns (sessionConcerned, of the parent's weekly sessions), as in /staff
// (none without one). Decline asks a short reason.
// The request and the message to update travel in the view's private_metadata to the submission.
import { formatDayKey } from '../../../../src/shared/format/ist.ts';
import { ANSWER_TEXT_MAX_LENGTH, askedOf, firstAnswerDay } from '../../../../src/shared/rules/request-outcome.ts';
import { istTodayKey } from '../../../../src/shared/rules/reschedule.ts';
import { sessionConcerned } from '../../../../src/shared/schedule/request-session.ts';
import { partsOf } from '../../../../src/shared/schedule/week.ts';

const { request } = $json;
const read = $('Read action').first().json;
const TITLES = { confirm: 'Confirm the new time', offer: 'Offer another time', decline: 'Decline the request' };
const SUBMIT = { confirm: 'Confirm', offer: 'Offer', decline: 'Decline' };
if (!request || !Object.hasOwn(TITLES, read.action)) return { json: { step: 'ack' } };

const days = askedOf(request.action, request.payload);
if (!days) return { json: { step: 'ack' } };
const { start, end } = days;
const session = sessionConcerned(days, request.sessions);
const asked = start === end ? formatDayKey(start, 'en') : `${formatDayKey(start, 'en')} to ${formatDayKey(end, 'en')}`;
const plain = (text) => ({ type: 'plain_text', text });
const input = (id, label, element, hint) => ({
  type: 'input',
  block_id: id,
  label: plain(label),
  element: { action_id: id, ...element },
  ...(hint ? { hint: plain(hint) } : {}),
});

const fields =
  read.action === 'decline'
    ? [
        input('reason', 'Reason (the parent reads it)', {
          type: 'plain_text_input',
          multiline: true,
          max_length: ANSWER_TEXT_MAX_LENGTH,
        }),
      ]
    : [
        input(
          'day',
          'Day',
          { type: 'datepicker', initial_date: firstAnswerDay(days, istTodayKey(new Date())) },
          `Asked for: ${asked}`,
        ),
        input('time', 'Time (India)', {
          type: 'timepicker',
          ...(session && { initial_time: partsOf(session.starts_at).time }),
        }),
      ];
const view = {
  type: 'modal',
  callback_id: 'thrive_outcome',
  title: plain(TITLES[read.action]),
  submit: plain(SUBMIT[read.action]),
  close: plain('Cancel'),
  private_metadata: JSON.stringify({ action: read.action, request_id: request.request_id, message: read.message }),
  blocks: [{ type: 'section', text: plain(`${request.user_name} asked for ${asked}.`) }, ...fields],
};
return { json: { step: 'open', trigger_id: read.trigger_id, view: JSON.stringify(view) } };
