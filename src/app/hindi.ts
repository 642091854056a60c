/**
 * Every Hindi catalog, in one chunk loaded only for a Hindi page (main.tsx
 * and the prerender entry): English pages never download a byte of it.
 */
import { hi as newVisitor } from '../features/new-visitor/messages-hi.ts';
import { hi as registeredParent } from '../features/registered-parent/messages-hi.ts';
import type { Namespace } from '../shared/i18n/catalog.ts';
import { hi as ui } from '../ui/messages-hi.ts';
import { hi as app } from './messages-hi.ts';
import { hi as pwa } from './pwa/messages-hi.ts';

export const hindi = {
  app,
  pwa,
  ui,
  'registered-parent': registeredParent,
  'new-visitor': newVisitor,
} satisfies Record<Namespace, unknown>;
