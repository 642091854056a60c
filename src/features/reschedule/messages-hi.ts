import type { RescheduleMessages } from './messages.ts';

/** The reschedule screen in Hindi. */
export const hi: RescheduleMessages = {
  title: 'सेशन की तारीख बदलें',
  subtitle: 'एक तारीख चुनें, या कई दिनों के लिए पहली और आखिरी तारीख चुनें।',
  calendarLabel: 'सेशन की कौन-सी तारीखें बदलनी हैं',
  nothingSelected: 'अभी कोई तारीख नहीं चुनी गई है।',
  selectedDate: (date) => `चुनी गई तारीख: ${date}`,
  selectedRange: (start, end) => `चुने गए दिन: ${start} - ${end}`,
  selectedStart: (start) => `पहली तारीख: ${start} (कई दिनों के लिए आखिरी तारीख भी चुनें)`,
  clear: 'चुनी गई तारीखें हटाएँ',
  noteLabel: 'कारण / नोट (ज़रूरी नहीं)',
  notePlaceholder: 'तारीख बदलने का कारण / नोट (ज़रूरी नहीं)',
  submit: 'अनुरोध भेजें',
  submitAnother: 'एक और अनुरोध भेजें',
  noSelection: 'कृपया एक तारीख या कुछ दिन चुनें',
  invalidSelection: 'चुनी गई तारीखें अब सही नहीं हैं। आज की या उसके बाद की तारीख फिर से चुनें।',
  defaultSuccess: 'सेशन की तारीख बदलने का आपका अनुरोध भेज दिया गया है!',
  submitted: 'अनुरोध भेज दिया गया!',
  failed: 'अनुरोध नहीं भेजा जा सका',
  savedOnPhone: 'सेशन की तारीख बदलने का आपका अनुरोध इस फ़ोन में सेव है, और इंटरनेट आते ही अपने-आप भेज दिया जाएगा।',
};
