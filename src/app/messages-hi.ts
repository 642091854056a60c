import type { AppMessages } from './messages.ts';

/** The shell's texts in Hindi. */
export const hi: AppMessages = {
  documentTitle: 'Thrive — अभिभावक सहायता पोर्टल',
  description: 'Thrive अभिभावक सहायता पोर्टल: इस हफ़्ते का आपका शेड्यूल, सेशन की तारीख बदलने के अनुरोध और फ़ैसिलिटेटर से बातचीत।',
  programmeTitle: 'Thrive',
  tagline: 'अभिभावक सहायता पोर्टल',
  poweredBy: 'n8n द्वारा संचालित',
  landing: {
    registeredTitle: 'रजिस्टर्ड अभिभावक',
    registeredText: 'अपना शेड्यूल देखें और फ़ैसिलिटेटर से जुड़ें',
    newTitle: 'Thrive में नए अभिभावक',
    newText: 'हमारे बारे में जानें और हमसे जुड़ें',
  },
  notFound: {
    title: 'जानकारी नहीं मिली',
    text: 'यह पेज मौजूद नहीं है, या कहीं और चला गया है।',
    home: 'होम पेज पर जाएँ',
  },
  loading: 'लोड हो रहा है…',
  bootFailed: {
    text: 'इंटरनेट चला गया, इसलिए ऐप लोड नहीं हुआ।',
    reload: 'फिर से लोड करें',
  },
  screenFailed: {
    title: 'यह स्क्रीन लोड नहीं हुई',
    text: 'लोड होते समय इंटरनेट चला गया। इंटरनेट जाँचें, फिर कोशिश करें।',
    retry: 'फिर कोशिश करें',
    home: 'होम पेज पर जाएँ',
  },
};
