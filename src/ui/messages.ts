import type { Catalog } from '../shared/i18n/catalog.ts';

/** Texts shared by the small UI pieces. */
export const en = {
  errorTitle: 'Error',
  successTitle: 'Success!',
  sending: 'Sending…',
} as const;

export type UiMessages = Catalog<typeof en>;
