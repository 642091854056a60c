import { describe, expect, it } from 'vitest';
import { buildEnvelope, normalisedEnvelope } from '../../../../src/shared/webhook/envelope.ts';
import { newRequestId } from '../../../../src/shared/webhook/request-id.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const user = { name: ' Asha ', number: ' 9876543210 ' };

describe('buildEnvelope', () => {
  it('stamps the moment of the action in Asia/Kolkata with an explicit +05:30 offset', () => {
    const envelope = buildEnvelope({
      action: 'know_schedule',
      user,
      payload: {},
      at: new Date('2026-11-23T20:00:00.123Z'),
    });
    // 20:00 UTC is 01:30 the next day in India.
    expect(envelope.timestamp_ist).toBe('2026-11-24T01:30:00.123+05:30');
  });

  it('trims the user and keeps the payload as given', () => {
    const envelope = buildEnvelope({ action: 'reschedule_single', user, payload: { date: '2026-11-24' } });
    expect(envelope.user).toEqual({ name: 'Asha', number: '9876543210' });
    expect(envelope.payload).toEqual({ date: '2026-11-24' });
    expect(envelope.action).toBe('reschedule_single');
  });

  it('trims optional texts and leaves them out when empty', () => {
    const full = buildEnvelope({
      action: 'book_consult',
      user,
      payload: {},
      message: '  Hi there ',
      preferredTimes: ' evenings ',
      note: ' ',
    });
    expect(full.message).toBe('Hi there');
    expect(full.preferred_times).toBe('evenings');
    expect('note' in full).toBe(false);

    const bare = buildEnvelope({ action: 'book_consult', user, payload: {}, message: '', preferredTimes: '   ' });
    expect(Object.keys(bare).sort()).toEqual(['action', 'payload', 'request_id', 'timestamp_ist', 'user']);
  });

  it('names the language when the caller gives one, and leaves the field out otherwise', () => {
    expect(buildEnvelope({ action: 'know_schedule', user, payload: {}, language: 'hi' }).language).toBe('hi');
    expect('language' in buildEnvelope({ action: 'know_schedule', user, payload: {} })).toBe(false);
  });

  it('makes a new request id per action and keeps a given one on a retry', () => {
    const first = buildEnvelope({ action: 'know_schedule', user, payload: {} });
    const second = buildEnvelope({ action: 'know_schedule', user, payload: {} });
    expect(first.request_id).toMatch(UUID_V4);
    expect(second.request_id).not.toBe(first.request_id);
    const retry = buildEnvelope({ action: 'know_schedule', user, payload: {}, requestId: first.request_id });
    expect(retry.request_id).toBe(first.request_id);
  });

  it('survives a JSON round trip unchanged', () => {
    const envelope = buildEnvelope({
      action: 'reschedule_range',
      user,
      payload: { start_date: '2026-11-24', end_date: '2026-11-26' },
      note: 'Travel',
    });
    expect(JSON.parse(JSON.stringify(envelope))).toEqual(envelope);
  });
});

describe('normalisedEnvelope', () => {
  const consult = buildEnvelope({ action: 'book_consult', user, payload: {} });

  it('reads a request_id in any letter case as the one in lower case', () => {
    const upper = { ...consult, request_id: consult.request_id.toUpperCase() };
    expect(normalisedEnvelope(upper)).toEqual(normalisedEnvelope(consult));
    expect(normalisedEnvelope(upper).request_id).toBe(consult.request_id.toLowerCase());
  });

  it('gives an action without payload content the {} it may leave out, and keeps a payload that is there', () => {
    const withoutPayload: Partial<typeof consult> = { ...consult };
    delete withoutPayload.payload;
    expect(normalisedEnvelope(withoutPayload as typeof consult).payload).toEqual({});
    const chat = buildEnvelope({ action: 'chat_facilitator', user, payload: { message: 'Hi', attachments: [] } });
    expect(normalisedEnvelope(chat)).toEqual(chat);
  });
});

describe('newRequestId', () => {
  it('makes a v4 UUID even where crypto.randomUUID is missing (plain-http origins)', () => {
    const original = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      const ids = new Set(Array.from({ length: 50 }, () => newRequestId()));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(UUID_V4);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
