import type { MenuMessages } from './messages.ts';

/** The menu in Hindi. */
export const hi: MenuMessages = {
  hello: (name) => `नमस्ते, ${name}!`,
  helloBeforeName: 'नमस्ते!',
  prompt: 'आप क्या करना चाहेंगे?',
  scheduleTitle: 'अपना शेड्यूल देखें',
  scheduleText: 'आने वाले सेशन देखें',
  rescheduleTitle: 'सेशन की तारीख बदलें',
  rescheduleText: 'सेशन के लिए दूसरी तारीख माँगें',
  chatTitle: 'फ़ैसिलिटेटर से बात करें',
  chatText: 'संदेश और फ़ाइलें भेजें',
  home: 'होम',
  logout: 'लॉग आउट',
  waiting: (count) => `${count} भेजना बाकी`,
  logoutWarningTitle: 'कुछ अनुरोध अभी भेजे जाने बाकी हैं',
  logoutWarning: (count) =>
    `${count} ${count === 1 ? 'अनुरोध अभी इस फ़ोन में सेव है' : 'अनुरोध अभी इस फ़ोन में सेव हैं'}। इंटरनेट आते ही ये अपने-आप भेज दिए जाएँगे, लॉग आउट करने के बाद भी।`,
  logoutAnyway: 'फिर भी लॉग आउट करें',
  stay: 'साइन इन रहें',
};
