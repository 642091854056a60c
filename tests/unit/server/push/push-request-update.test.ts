import { expect, it } from 'vitest';
import { envelope, TEST_PARENT } from '../../../support/envelopes.ts';
import type { FakePushService } from '../../../support/fake-push-service.ts';
import { addStaff, staffSession } from '../../../support/staff.ts';
import { pushPortalPerTest, type PushPortal } from './push-portal.ts';

let service: FakePushService;
let p: PushPortal;
pushPortalPerTest((current) => ({ p, service } = current));

it('tells the parent’s devices when staff answer a reschedule request in /staff, in the device’s language', async () => {
  const subscription = await p.subscribe(p.device(), { language: 'hi' });
  const asked = envelope('reschedule_single', { date: '2026-11-27' }, { user: TEST_PARENT });
  expect((await p.post(asked)).statusCode).toBe(200);
  await addStaff(p);
  const staff = await staffSession(p);
  const csrf = await staff.csrf();
  const declined = await staff.post(`/staff/requests/${asked.request_id}/answer`, {
    csrf,
    answer: 'decline',
    reason: 'No facilitator is free that day',
  });
  expect(declined.statusCode).toBe(303);
  await p.push.drain();
  const push = await service.nextPush((sent) => sent.subscriptionId === subscription.id);
  expect(push.json).toEqual({
    kind: 'request_update',
    request_id: asked.request_id,
    outcome: 'declined',
    language: 'hi',
  });
  // The answer's event line in the thread is not a reply from a person: it sends no "new message" of its own.
  expect(service.pushesTo(subscription)).toHaveLength(1);
});
