import { describe, expect, it } from 'vitest';
import { checkAgainstSchema } from '../../../../server/webhook/contract.ts';
import { evaluate, nodeNamed, workflow } from '../support/workflow.ts';

/** The generated "Thread read?" If's expression, evaluated as n8n does, on a Webhook item. */
function takesFastWay(body: unknown, headers: Record<string, string> = {}): boolean {
  const conditions = nodeNamed('Thread read?').parameters.conditions as { conditions: { leftValue: string }[] };
  const json = {
    headers: { 'content-type': 'application/json', authorization: 'Bearer abc_DEF-123', ...headers },
    body,
  };
  return evaluate(conditions.conditions[0]?.leftValue, json) as boolean;
}

const read = (payload?: unknown, more: object = {}) => ({
  action: 'chat_thread',
  ...(payload === undefined ? {} : { payload }),
  ...more,
});

describe("the portal webhook's own read of a thread", () => {
  it('takes a chat_thread with a bearer token and a cursor (or none) the fast way, as the contract accepts it', () => {
    for (const body of [
      read(),
      read({}),
      read({ after: '0' }),
      read({ after: '41' }),
      read(undefined, { language: 'hi' }),
    ]) {
      expect(checkAgainstSchema(body).ok).toBe(true);
      expect(takesFastWay(body), JSON.stringify(body)).toBe(true);
    }
    expect(takesFastWay(read(), { 'content-type': 'application/json; charset=utf-8' })).toBe(true);
  });

  it('leaves every other request to the checks, so each refusal is answered as the contract says', () => {
    const others: [unknown, Record<string, string>?][] = [
      [read(), { authorization: '' }],
      [read(), { authorization: 'Basic abc' }],
      [read(), { 'content-type': 'text/plain' }],
      [read({ after: 'abc' })],
      [read({ after: '007' })],
      [read({ after: 7 })],
      [read({ after: '1', more: true })],
      [read([])],
      [read(null)],
      [read(undefined, { language: 'fr' })],
      [read(undefined, { user: { name: 'Asha', number: '9876543210' } })],
      [{ action: 'revoke_token' }],
      [{ action: 'know_schedule', user: { name: 'Asha', number: '9876543210' }, payload: {} }],
      [[read()]],
      ['chat_thread'],
      [null],
    ];
    for (const [body, headers] of others) expect(takesFastWay(body, headers), JSON.stringify(body)).toBe(false);
  });

  it('answers a valid token from one query, and hands anything else on to the checks', () => {
    const targets = (name: string) =>
      workflow.connections[name]?.main.map((outputs) => outputs.map((target) => target.node));
    expect(targets('Webhook')).toEqual([['Thread read?']]);
    expect(targets('Thread read?')).toEqual([['Read thread'], ['Contract']]);
    expect(targets('Read thread')).toEqual([['Token valid?'], ['Contract']]);
    expect(targets('Token valid?')).toEqual([['Send thread'], ['Contract']]);
    expect(nodeNamed('Read thread').parameters.query).toMatch(/thrive\.thread_page/);
  });
});
