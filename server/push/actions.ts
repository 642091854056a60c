/**
 * The three push actions, each with the device's bearer token (as
 * chat_thread): push_settings reads (and changes) the device's settings and
 * gives the VAPID public key; push_subscribe keeps the browser's
 * subscription; push_unsubscribe forgets it. Each request's `language`
 * becomes the language the device's notifications are written in. A change
 * of settings applies at once to the pushes held in the quiet hours (the
 * sender decides them again), and a saving of them to the parent's texts
 * waiting for a later moment (decided again by the parent's settings, which
 * every save writes: server/push/store.ts). A refusal changes nothing.
 */
import { subscriptionProblem, type SubscriptionProblem } from '../../src/shared/push/subscription.ts';
import type { PushAnswers, PushRequest } from '../../src/shared/webhook/push.ts';
import { answerText, type AnswerKey } from '../contract/texts.ts';
import { authenticateParent } from '../conversation/parent-auth.ts';
import type { ConversationStore } from '../conversation/store.ts';
import type { Outcome, RequestContext } from '../http/outcome.ts';
import type { PushStore } from './store.ts';

export interface PushActionDeps {
  push: PushStore;
  tokens: ConversationStore;
  clock: () => Date;
  publicKey: string;
  /** The push services a subscription may name (ServerConfig.pushServiceHosts). */
  pushServiceHosts: readonly string[];
  /**
   * The sender has something to decide now: a subscription was added (its reminders, its waiting jobs), or a change
   * of settings made the device's held jobs due.
   */
  wakeSender?: () => void;
  /** The device saved its settings, which are now its parent's for texts (server/push/text-store.ts). */
  onSettingsSaved?: (numberKey: string, now: Date) => void;
}

const PROBLEM_TEXT: Record<SubscriptionProblem, AnswerKey> = {
  endpoint: 'pushEndpointInvalid',
  p256dh: 'pushKeyInvalid',
  auth: 'pushAuthInvalid',
};

const json = <A extends keyof PushAnswers>(body: PushAnswers[A]): Outcome => ({
  status: 200,
  json: JSON.stringify(body),
  replayed: false,
});

export function createPushActions({
  push,
  tokens,
  clock,
  publicKey,
  pushServiceHosts,
  wakeSender,
  onSettingsSaved,
}: PushActionDeps) {
  return (request: PushRequest, context: RequestContext): Outcome => {
    const now = clock();
    const auth = authenticateParent(tokens, context.authorization, now, request.language ?? 'en');
    if (!auth.ok) return auth.refusal;
    const language = request.language ?? push.settings(auth.hash).language;
    switch (request.action) {
      case 'push_settings': {
        const { settings, released } = push.saveSettings(auth, request.payload?.settings ?? {}, language, now);
        if (released > 0) wakeSender?.();
        onSettingsSaved?.(auth.numberKey, now);
        return json<'push_settings'>({ public_key: publicKey, subscribed: push.isSubscribed(auth.hash), settings });
      }
      case 'push_subscribe': {
        const { subscription } = request.payload;
        const problem = subscriptionProblem(subscription, pushServiceHosts);
        if (problem) return { status: 400, text: answerText(language, PROBLEM_TEXT[problem]) };
        const { settings } = push.transaction(() => {
          const saved = push.saveSettings(auth, request.payload.settings ?? {}, language, now);
          push.subscribe(auth.hash, auth.numberKey, subscription, now);
          return saved;
        });
        wakeSender?.();
        onSettingsSaved?.(auth.numberKey, now);
        return json<'push_subscribe'>({ subscribed: true, settings });
      }
      case 'push_unsubscribe':
        push.unsubscribe(auth.hash);
        return json<'push_unsubscribe'>({ unsubscribed: true });
    }
  };
}
