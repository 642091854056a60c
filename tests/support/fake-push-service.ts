/**
 * The fake push service the tests use. It lives in bench/support, beside the
 * server process it is paired with there, so that `npm run bench -- push`
 * (which may not import tests/) measures against the same service the tests
 * trust.
 */
export {
  FakePushService,
  type FakeSubscription,
  type ReceivedPush,
  type ScriptedAnswer,
} from '../../bench/support/fake-push-service.ts';
