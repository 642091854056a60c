import { en as app } from '../../src/app/messages.ts';
import { en as pwa } from '../../src/app/pwa/messages.ts';
import { en as newVisitor } from '../../src/features/new-visitor/messages.ts';
import { en as registeredParent } from '../../src/features/registered-parent/messages.ts';
import type { Namespace } from '../../src/shared/i18n/catalog.ts';
import { en as ui } from '../../src/ui/messages.ts';

/** Every English catalog by its namespace, as src/app/hindi.ts holds the Hindi ones: what the Hindi is checked against. */
export const ENGLISH: Record<Namespace, unknown> = {
  app,
  pwa,
  ui,
  'registered-parent': registeredParent,
  'new-visitor': newVisitor,
};
