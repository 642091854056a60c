import { describe, expect, it } from 'vitest';
import { en } from '../../../../src/features/requests/messages.ts';
import { hi } from '../../../../src/features/requests/messages-hi.ts';
import { requestView, requestViews } from '../../../../src/features/requests/request-view.ts';
import type { ParentRequest } from '../../../../src/shared/webhook/requests.ts';

const BASE: ParentRequest = {
  request_id: 'r1',
  asked: { start_date: '2026-11-30', end_date: '2026-12-03' },
  sent_at: '2026-11-23T09:15:00+05:30',
  status: 'waiting',
  session: { day: 'Monday', time: '5:00 PM', facilitator: 'Ms. Rao', starts_at: '2026-11-30T17:00:00+05:30' },
};
const OFFERED: ParentRequest = {
  ...BASE,
  status: 'offered',
  offer: { offer_id: 'o1', starts_at: '2026-12-04T16:00:00+05:30' },
};

describe('requestView', () => {
  it.each<[string, ParentRequest, string, string[]]>([
    ['waiting', BASE, 'Waiting for an answer', []],
    [
      'confirmed on a day asked for',
      { ...BASE, status: 'confirmed', confirmed: { starts_at: '2026-12-03T16:00:00+05:30', differs: false } },
      'Confirmed',
      ['New time: Thursday, 3 Dec, 4:00 PM'],
    ],
    [
      'confirmed on another day',
      { ...BASE, status: 'confirmed', confirmed: { starts_at: '2026-12-07T16:00:00+05:30', differs: true } },
      'Confirmed',
      ['New time: Monday, 7 Dec, 4:00 PM', 'This is not one of the days you asked for.'],
    ],
    ['offered', OFFERED, 'Another time offered', ['Offered: Friday, 4 Dec, 4:00 PM']],
    ['declined with a reason', { ...BASE, status: 'declined', reason: 'No facilitator that week' }, 'Declined', []],
    ['declined without a reason', { ...BASE, status: 'declined' }, 'Declined', []],
  ])('says what became of a request %s', (_case, request, label, details) => {
    const view = requestView(request, undefined, en, 'en');
    expect(view.label).toBe(label);
    expect(view.details).toEqual(details);
    expect(view.asked).toBe('Dates: 30 Nov 2026 – 3 Dec 2026');
    expect(view.session).toEqual(['Session: Monday, 30 Nov, 5:00 PM with ', { words: 'Ms. Rao' }]);
    expect(view.offer === undefined).toBe(request.status !== 'offered');
  });

  it('keeps staff’s words apart from the card’s own: the reason, the facilitator’s name', () => {
    const declined = requestView({ ...BASE, status: 'declined', reason: 'Closed for عيد' }, undefined, hi, 'hi');
    expect(declined.reason).toEqual(['कारण: ', { words: 'Closed for عيد' }]);
    expect(requestView(BASE, undefined, en, 'en').reason).toBeUndefined();
  });

  it('names a one-day range, and a single date, as one date', () => {
    const asked = (value: ParentRequest['asked']) => requestView({ ...BASE, asked: value }, undefined, en, 'en').asked;
    expect(asked({ start_date: '2026-11-30', end_date: '2026-11-30' })).toBe('Date: 30 Nov 2026');
    expect(asked({ date: '2026-12-01' })).toBe('Date: 1 Dec 2026');
  });

  it('offers Accept, named with the time, until the outbox holds an acceptance; then says where that stands', () => {
    expect(requestView(OFFERED, undefined, en, 'en')).toMatchObject({
      offer: { offerId: 'o1', acceptLabel: 'Accept Friday, 4 Dec, 4:00 PM' },
      accepting: undefined,
    });
    expect(requestView(OFFERED, 'queued', en, 'en')).toMatchObject({
      offer: undefined,
      accepting: 'Accepted. Saved on this phone: it will be sent when the connection is back.',
    });
    expect(requestView(OFFERED, 'failed', en, 'en').accepting).toContain('Waiting to send');
  });

  it('writes a Hindi parent’s request in Hindi, with the full month', () => {
    const view = requestView(OFFERED, undefined, hi, 'hi');
    expect(view.label).toBe('दूसरा समय सुझाया गया');
    expect(view.asked).toBe('तारीखें: 30 नवंबर 2026 – 3 दिसंबर 2026');
    expect(view.details).toEqual(['सुझाया गया समय: शुक्रवार, 4 दिसंबर, शाम 4:00']);
    expect(view.offer?.acceptLabel).toBe('शुक्रवार, 4 दिसंबर, शाम 4:00 स्वीकार करें');
  });

  it('lists the newest request first', () => {
    const older = { ...BASE, request_id: 'old', sent_at: '2026-11-20T09:00:00+05:30' };
    const ids = requestViews([older, BASE], new Map(), en, 'en').map((view) => view.id);
    expect(ids).toEqual(['r1', 'old']);
  });
});
