import { translated, type Catalog } from '../../shared/i18n/catalog.ts';

/** Every text the chat screen shows: `chat`, the message being written and its files (the spec's English is exact); `thread`, the conversation with the facilitator above it. */
export const en = {
  chat: {
    title: 'Chat with Facilitator',
    subtitle: 'Write to your facilitator; add photos, videos or voice notes if you like.',
    messageLabel: 'Message',
    counter: (length: string, max: string) => `${length}/${max} characters`,
    emptyMessage: 'Please enter a message',
    tooLong: (max: string) => `Message must be ${max} characters or less`,
    addFiles: 'Add Files',
    filesHint: (count: number, limit: string) =>
      `Images, videos or audio only, up to ${count} files and ${limit} in total.`,
    filesLabel: 'Attached files',
    remove: (name: string) => `Remove ${name}`,
    invalidType: (name: string) => `${name} is not a valid file type`,
    overLimit: (name: string, limit: string) => `${name} was not added: attachments can add up to ${limit} at most`,
    tooMany: (name: string, count: number) => `${name} was not added: a message can carry ${count} files at most`,
    kindNotSent: (name: string) => `${name} was not added: this kind of file can't be sent`,
    contentsMismatch: (name: string) => `${name} was not added: its contents don't match its type`,
    emptyFile: (name: string) => `${name} was not added: the file is empty`,
    unreadable: (name: string) => `${name} was not added: this phone would not let it be read`,
    preparing: 'Preparing your files…',
    sizes: (original: string, sent: string) => `${original} → ${sent}`,
    sizesLabel: (original: string, sent: string) => `${original}, sent as ${sent}`,
    sendOriginal: 'Send Original',
    sendOriginalOf: (name: string) => `Send original ${name}`,
    originalTooBig: (name: string, limit: string) =>
      `The original of ${name} would take the attachments past ${limit}, so the smaller copy stays`,
    networkCost: (size: string) => `About ${size} to send`,
    dataSaver: 'Data saver: make photos smaller',
    dataSaverHint:
      'Photos you add next are resized and lose their location data. When off, photos go exactly as taken.',
    quickMessagesLabel: 'Quick messages',
    quickMessages: {
      late: 'Running late today',
      absent: 'My child will be absent today',
      callBack: 'Please call me back',
      thanks: 'Thank you!',
    },
    sharedRefusedTitle: 'Not attached from what you shared',
    shareFailed: "What you shared could not be kept on this phone. Add the files with 'Add Files' instead.",
    send: 'Send Message',
    sent: '✓ Sent!',
    channel: (channel: string) => `Channel: ${channel}`,
    sendAnother: 'Send Another Message',
    sentToast: 'Message sent successfully!',
    failed: 'Failed to send message',
    savedOnPhone: 'Your message is saved on this phone and will be sent automatically when the connection is back.',
    voice: {
      record: 'Record Voice Note',
      hint: 'Tap to start and to stop, or hold and let go; slide away to cancel. Up to 2 minutes.',
      onlyMessage: 'Voice note',
    },
  },
  thread: {
    title: 'Your conversation',
    listLabel: 'Messages with your facilitator',
    empty: 'No messages yet. Replies from your facilitator will show here.',
    showEarlier: 'Show Earlier Messages',
    you: 'You',
    facilitator: 'Your facilitator',
    /** Before an event line: a staff answer to a request, recorded in the thread. */
    event: 'Request update',
    eventBy: (author: string) => `By ${author}`,
    savedAt: (when: string) => `Saved at ${when}`,
    /** Under the newest of the parent's messages the programme has opened. */
    seen: (when: string) => `Seen ${when}`,
    waiting: {
      queued: 'Waiting to send',
      sending: 'Sending…',
      failed: 'Not accepted: open Waiting to send',
    },
    newReply: (author: string, text: string) => `New reply from ${author}: ${text}`,
    fetchFailed: 'New replies could not be fetched. The messages above are the last ones saved.',
    verifyTitle: 'See replies on this phone',
    verifyText:
      'Replies may be about your child, so first we check that this phone is yours: we send a 6-digit code by SMS to the number you signed in with.',
    sendCode: 'Send Me a Code',
    codeSent: 'We sent a code to your phone. It works for 10 minutes.',
    codeLabel: '6-digit code',
    codeHint: 'From the SMS we just sent',
    codeFormat: 'Enter the 6 digits of the code',
    verify: 'Verify Phone',
    newCode: 'Send a New Code',
    codeFailed: 'The code could not be sent. Please try again in a moment.',
    verifyFailed: 'The code could not be checked. Please try again in a moment.',
    openFile: 'Open File',
    saveFile: 'Save File',
    fileFailed: 'This file could not be opened. Please try again.',
    unread: (count: number) => (count === 1 ? '1 new reply' : `${count} new replies`),
    voiceNote: (time: string) => `Voice note, ${time}`,
  },
} as const;

export type ConversationMessages = Catalog<typeof en>;

/** These texts in the page's language: read where they are shown, never kept at module level. */
export const conversationText = (): ConversationMessages => translated('conversation', en);
