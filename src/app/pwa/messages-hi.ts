import type { PwaMessages } from './messages.ts';

/** The installable app's texts in Hindi. */
export const hi: PwaMessages = {
  update: {
    available: 'ऐप का नया वर्ज़न आ गया है',
    reload: 'फिर से लोड करें',
  },
  offlineReady: 'अब यह ऐप बिना इंटरनेट के भी खुलेगा',
  install: {
    button: 'ऐप इंस्टॉल करें',
    iosHint: "Thrive को इंस्टॉल करने के लिए शेयर बटन दबाएँ, फिर 'होम स्क्रीन में जोड़ें' (Add to Home Screen) चुनें।",
  },
  offline: {
    title: 'अभी इंटरनेट नहीं है',
    details: 'इंटरनेट के बिना क्या-क्या चलेगा',
    text: 'हर स्क्रीन अब भी खुलेगी, और साइन इन बना रहेगा। सेशन की तारीख बदलने के अनुरोध और फ़ैसिलिटेटर के लिए संदेश इसी फ़ोन में सेव रहेंगे, और इंटरनेट आते ही अपने-आप भेज दिए जाएँगे।',
  },
};
