import { translated, type Catalog } from '../shared/i18n/catalog.ts';

/** Texts shared by the small UI pieces and the form lifecycle every screen uses. */
export const en = {
  backToMenu: 'Back to Menu',
  errorTitle: 'Error',
  /** The toaster's landmark and each toast's close button (sonner's own English, by default). */
  notifications: 'Notifications',
  closeToast: 'Close toast',
  successTitle: 'Success!',
  saved: {
    title: 'Saved on this phone',
    toast: 'Saved on this phone: it will be sent automatically when the connection is back',
    storageFull:
      "This phone's storage is full, so the request could not be saved, and nothing was sent. Free up some space and try again: what you entered is still here.",
    storageUnavailable:
      'This browser would not let the portal save the request, so nothing was sent. Try again in a moment: what you entered is still here.',
  },
} as const;

export type UiMessages = Catalog<typeof en>;

/** These texts in the page's language: read where they are shown, never kept at module level. */
export const uiText = (): UiMessages => translated('ui', en);
