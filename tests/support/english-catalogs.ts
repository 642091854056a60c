import { en as app } from '../../src/app/messages.ts';
import { en as pwa } from '../../src/app/pwa/messages.ts';
import { en as signIn } from '../../src/features/sign-in/messages.ts';
import { en as menu } from '../../src/features/menu/messages.ts';
import { en as schedule } from '../../src/features/schedule/messages.ts';
import { en as requests } from '../../src/features/requests/messages.ts';
import { en as announcements } from '../../src/features/announcements/messages.ts';
import { en as reschedule } from '../../src/features/reschedule/messages.ts';
import { en as conversation } from '../../src/features/conversation/messages.ts';
import { en as notifications } from '../../src/features/notifications/messages.ts';
import { en as push } from '../../src/shared/push/messages.ts';
import { en as voice } from '../../src/features/conversation/compose/voice-messages.ts';
import { en as outbox } from '../../src/features/outbox/messages.ts';
import { en as visitor } from '../../src/features/visitor/messages.ts';
import type { Namespace } from '../../src/shared/i18n/catalog.ts';
import { en as ui } from '../../src/ui/messages.ts';

/** Every English catalog by its namespace, with its own type, as src/app/hindi.ts holds the Hindi ones. */
export const english = {
  app,
  pwa,
  ui,
  'sign-in': signIn,
  menu,
  schedule,
  requests,
  announcements,
  reschedule,
  conversation,
  notifications,
  push,
  voice,
  outbox,
  visitor,
} satisfies Record<Namespace, unknown>;

/** The same catalogs as one namespace-keyed record: what the Hindi is checked against. */
export const ENGLISH: Record<Namespace, unknown> = english;
