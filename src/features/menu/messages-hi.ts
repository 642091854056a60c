import type { MenuMessages } from './messages.ts';

/** The menu in Hindi. */
export const hi: MenuMessages = {
  hello: (name) => `नमस्ते, ${name} जी!`,
  helloBeforeName: 'नमस्ते!',
  prompt: 'आपको क्या करना है?',
  scheduleTitle: 'अपना शेड्यूल देखें',
  scheduleText: 'आने वाले सेशन देखें',
  rescheduleTitle: 'सेशन की तारीख बदलें',
  rescheduleText: 'सेशन के लिए दूसरी तारीख माँगें',
  chatTitle: 'फ़ैसिलिटेटर से बात करें',
  chatText: 'संदेश और फ़ाइलें भेजें',
  home: 'होम',
  logout: 'लॉग आउट',
  waiting: (count) => (count === 1 ? '1 अनुरोध भेजना बाकी है' : `${count} अनुरोध भेजने बाकी हैं`),
  logoutWarningTitle: 'कुछ अनुरोध अभी भेजे जाने बाकी हैं',
  logoutWarning: (count) =>
    count === 1
      ? '1 अनुरोध अभी इस फ़ोन में सेव है। इंटरनेट आते ही यह अपने-आप भेज दिया जाएगा, लॉग आउट करने के बाद भी।'
      : `${count} अनुरोध अभी इस फ़ोन में सेव हैं। इंटरनेट आते ही ये अपने-आप भेज दिए जाएँगे, लॉग आउट करने के बाद भी।`,
  logoutAnyway: 'फिर भी लॉग आउट करें',
  stay: 'साइन इन रहें',
};
