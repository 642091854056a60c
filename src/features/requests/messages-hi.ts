import type { RequestsMessages } from './messages.ts';

/** The 'Your requests' card in Hindi. */
export const hi: RequestsMessages = {
  title: 'आपके अनुरोध',
  listLabel: 'सेशन की तारीख बदलने के आपके अनुरोध',
  date: (date) => `तारीख: ${date}`,
  range: (start, end) => `तारीखें: ${start} – ${end}`,
  session: (when, facilitator) => `सेशन: ${when}, ${facilitator} के साथ`,
  sentAt: (when) => `भेजा गया: ${when}`,
  status: {
    waiting: 'जवाब का इंतज़ार है',
    confirmed: 'तय हो गया',
    offered: 'दूसरा समय सुझाया गया',
    declined: 'मंज़ूर नहीं हुआ',
  },
  confirmedAt: (when) => `नया समय: ${when}`,
  differs: 'यह आपकी चुनी हुई तारीखों में से नहीं है।',
  offeredAt: (when) => `सुझाया गया समय: ${when}`,
  accept: 'स्वीकार करें',
  acceptLabel: (when) => `${when} स्वीकार करें`,
  askDifferent: 'कोई और समय माँगें',
  reason: (reason) => `कारण: ${reason}`,
  accepting: {
    queued: 'स्वीकार किया। यह इस फ़ोन में सेव है और इंटरनेट आते ही भेज दिया जाएगा।',
    sending: 'स्वीकार किया। भेजा जा रहा है…',
    failed: "स्वीकार नहीं हो सका। फिर से भेजने या हटाने के लिए 'भेजना बाकी' खोलें।",
  },
  accepted: 'स्वीकार हो गया। आपका सेशन इस समय पर कर दिया गया है।',
  acceptFailed: 'सुझाया गया समय स्वीकार नहीं हो सका',
};
