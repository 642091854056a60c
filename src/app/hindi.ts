/**
 * Every Hindi catalog, in one chunk loaded only for a Hindi page (main.tsx
 * and the prerender entry): English pages never download a byte of it.
 */
import { hi as signIn } from '../features/sign-in/messages-hi.ts';
import { hi as menu } from '../features/menu/messages-hi.ts';
import { hi as schedule } from '../features/schedule/messages-hi.ts';
import { hi as requests } from '../features/requests/messages-hi.ts';
import { hi as announcements } from '../features/announcements/messages-hi.ts';
import { hi as reschedule } from '../features/reschedule/messages-hi.ts';
import { hi as conversation } from '../features/conversation/messages-hi.ts';
import { hi as notifications } from '../features/notifications/messages-hi.ts';
import { hi as push } from '../shared/push/messages-hi.ts';
import { hi as voice } from '../features/conversation/compose/voice-messages-hi.ts';
import { hi as outbox } from '../features/outbox/messages-hi.ts';
import { hi as visitor } from '../features/visitor/messages-hi.ts';
import type { Namespace } from '../shared/i18n/catalog.ts';
import { hi as ui } from '../ui/messages-hi.ts';
import { hi as app } from './messages-hi.ts';
import { hi as pwa } from './pwa/messages-hi.ts';

export const hindi = {
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
