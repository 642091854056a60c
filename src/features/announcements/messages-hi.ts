import type { AnnouncementsMessages } from './messages.ts';

/** The updates from the programme in Hindi. */
export const hi: AnnouncementsMessages = {
  menuTitle: 'प्रोग्राम की ओर से अपडेट',
  menuText: 'खबरें, छुट्टियाँ और सेशन में बदलाव',
  unread: (count) => (count === 1 ? '1 नया अपडेट' : `${count} नए अपडेट`),
  title: 'प्रोग्राम की ओर से अपडेट',
  subtitle: 'प्रोग्राम की टीम माता-पिता को जो बताती है, सबसे नया सबसे ऊपर।',
  listLabel: 'प्रोग्राम की ओर से अपडेट',
  empty: 'अभी कोई अपडेट नहीं है।',
  new: 'नया',
  urgent: 'ज़रूरी',
  sentAt: (when) => `भेजा गया: ${when}`,
  lastUpdated: (when) => `आखिरी बार अपडेट: ${when}`,
  failed: 'अपडेट नहीं मिल सके। इंटरनेट देखें और फिर से कोशिश करें।',
  tryAgain: 'फिर से कोशिश करें',
  itemTitle: 'प्रोग्राम की ओर से अपडेट',
  notFound: 'यह अपडेट इस फ़ोन में नहीं है। हो सकता है इसे वापस ले लिया गया हो।',
  allUpdates: 'सारे अपडेट',
};
