import { translated, type Catalog } from '../../shared/i18n/catalog.ts';

/** Every text of the notification settings screen and of the chat's offer to turn notifications on. */
export const en = {
  title: 'Notifications',
  subtitle: 'Choose what this phone tells you about.',
  menuTitle: 'Notifications',
  menuText: 'Replies, reminders and quiet hours',
  offerTitle: 'Notify me when the facilitator replies',
  offerText: 'Get a notification on this phone when a reply comes, even when the app is closed.',
  turnOn: 'Turn On Notifications',
  turnOff: 'Turn Off Notifications',
  settingsLink: 'Notification settings',
  on: 'Notifications are on for this phone.',
  off: 'Notifications are off for this phone.',
  unsupported:
    'This browser cannot show notifications from the portal. The chat and the menu still show how many replies are new.',
  denied:
    "Notifications are blocked for this site. To turn them back on, open your browser's site settings for this portal, allow notifications, then come back here.",
  installFirst:
    'On iPhone and iPad, notifications work only in the installed app. Tap Share, then "Add to Home Screen", and open the portal from there.',
  verifyFirst: 'Notifications need a verified phone. Open the chat and verify your phone first.',
  openChat: 'Open Chat',
  replies: 'Replies from the facilitator',
  reminders: 'Session reminders',
  requestUpdates: 'Updates on your requests',
  announcements: 'Updates from the programme',
  announcementsHint: 'Holidays, session changes and news. An urgent one comes even in quiet hours.',
  showText: 'Show the message text in notifications',
  showTextHint: 'Off: a notification says only who wrote. A phone may be shared.',
  readReceipts: 'Send read receipts',
  readReceiptsHint:
    'Your facilitator sees when you have read a reply. Off: they see nothing, and you still see when your message was seen.',
  textFallback: 'Text me when I miss a notification',
  textFallbackHint:
    'A reply, an answer to a request or an update not seen within 30 minutes comes as an SMS with a link. Texts cost the programme, not you.',
  quietTitle: 'Quiet hours (India time)',
  quietHint: 'Nothing is shown in quiet hours: a reply waits until they end.',
  quietStart: 'From',
  quietEnd: 'Until',
  save: 'Save Settings',
  saved: 'Settings saved.',
  loadFailed: 'The settings could not be read. Check the connection and try again.',
  tryAgain: 'Try Again',
  failed: 'That did not work. Check the connection and try again.',
} as const;

export type NotificationsMessages = Catalog<typeof en>;

/** These texts in the page's language: read where they are shown, never kept at module level. */
export const notificationsText = (): NotificationsMessages => translated('notifications', en);
