// Check subscription: push_subscribe's subscription held to what a sender can use (src/shared/push/subscription.ts:
// an https endpoint on a push service's host, a 65-byte P-256 key, a 16-byte auth secret), as the reference server
// holds it; the first problem names the refusal's text. The hosts are THRIVE_PUSH_SERVICE_HOSTS, else the browsers'.
// URL is the `url` built-in here: n8n's Code nodes have no URL of their own.
import { pushServiceHosts, subscriptionProblem } from '../../../../src/shared/push/subscription.ts';

// oxlint-disable-next-line typescript/no-require-imports -- n8n's task runner gives built-ins this way
globalThis.URL ??= require('url').URL;
const PROBLEM_TEXT = { endpoint: 'pushEndpointInvalid', p256dh: 'pushKeyInvalid', auth: 'pushAuthInvalid' };
const { subscription } = $('Called by the portal webhook').first().json.envelope.payload;
const hosts = (() => {
  try {
    return $env.THRIVE_PUSH_SERVICE_HOSTS;
  } catch {
    return undefined; // n8n hides the environment from Code nodes (N8N_BLOCK_ENV_ACCESS_IN_NODE): the browsers' hosts
  }
})();
const problem = subscriptionProblem(subscription, pushServiceHosts(hosts));
return { json: { ...$json, problem: problem ? PROBLEM_TEXT[problem] : null } };
