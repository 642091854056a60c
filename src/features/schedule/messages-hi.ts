import type { ScheduleMessages } from './messages.ts';

/** The schedule screen and its calendar files in Hindi. */
export const hi: ScheduleMessages = {
  title: 'आपका शेड्यूल',
  subtitle: 'इस हफ़्ते के आने वाले सेशन देखें',
  fetch: 'मेरा शेड्यूल दिखाएँ',
  refresh: 'शेड्यूल रीफ़्रेश करें',
  listLabel: 'इस हफ़्ते के सेशन',
  withFacilitator: (facilitator) => `${facilitator} के साथ`,
  empty: 'इस हफ़्ते अब कोई सेशन नहीं बचा है।',
  retrieved: 'शेड्यूल मिल गया!',
  noData: 'शेड्यूल की कोई जानकारी नहीं मिली',
  failed: 'शेड्यूल नहीं मिल सका',
  lastUpdated: (when) => `आखिरी बार अपडेट: ${when}`,
  soon: { today: 'आज', tomorrow: 'कल' },
  movedFrom: (session) => `पहले का समय: ${session}`,
  calendar: {
    google: 'Google कैलेंडर',
    download: 'कैलेंडर फ़ाइल डाउनलोड करें',
    session: (day, time, facilitator) => `${day} ${time}, ${facilitator} के साथ`,
    addSession: (session) => `कैलेंडर में जोड़ें: ${session}`,
    updateSession: (session) => `कैलेंडर में अपडेट करें: ${session}`,
    updateHint: {
      file: 'इस सेशन का समय बदला गया है। फ़ाइल खोलें, आपके कैलेंडर में पहले से जुड़ा सेशन नए समय पर चला जाएगा।',
      google: 'इस सेशन का समय बदला गया है। Google कैलेंडर इसे नए सेशन की तरह जोड़ेगा, पुराने समय वाला सेशन हटा दें।',
    },
    googleSession: (session) => `Google कैलेंडर: ${session} (नए टैब में खुलेगा)`,
    downloadSession: (session) => `कैलेंडर फ़ाइल डाउनलोड करें: ${session}`,
    addAll: 'सारे सेशन कैलेंडर में जोड़ें',
    addAllHint: (count) => `आपके कैलेंडर ऐप के लिए एक फ़ाइल, जिसमें ${count} सेशन ${count === 1 ? 'है' : 'हैं'}।`,
    eventTitle: (facilitator) => `${facilitator} के साथ Thrive सेशन`,
    eventDetails: (day, time, facilitator) => `आपके Thrive शेड्यूल से: ${day}, ${time}, ${facilitator} के साथ`,
    sessionFile: (date, time) => `thrive-session-${date}-${time}.ics`,
    allFile: 'thrive-sessions-this-week.ics',
  },
};
