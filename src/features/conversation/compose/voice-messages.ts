import { translated, type Catalog } from '../../../shared/i18n/catalog.ts';

/**
 * The recorder's texts: loaded with it (voice-panel.tsx) on the first press
 * of the microphone button, so the chat screen's first load carries only
 * the button's own (messages.ts, chat.voice).
 */
export const en = {
  cancel: 'Cancel',
  recording: (time: string) => `Recording ${time}`,
  timeLeft: '10 seconds left',
  cancelled: 'Cancelled',
  noteLabel: (time: string) => `Your voice note, ${time}`,
  review: 'Play it back, then send it with Send Message or delete it.',
  deleteNote: 'Delete Voice Note',
  problem: {
    denied:
      "The microphone is blocked for this site. Allow it in the browser's site settings (the lock beside the address), then try again. You can still type your message.",
    'no-answer':
      'The microphone did not start: permission was not given. Tap Record Voice Note again and allow the microphone.',
    'no-microphone': 'No microphone was found. You can still type your message or add an audio file.',
    busy: 'Another app is using the microphone. Close it, then try again.',
    unsupported: 'This browser cannot record voice notes. You can still type your message or add an audio file.',
    broken: 'The recording stopped unexpectedly. Please try again.',
  },
} as const;

export type VoiceMessages = Catalog<typeof en>;

/** These texts in the page's language: read where they are shown, never kept at module level. */
export const voiceText = (): VoiceMessages => translated('voice', en);
