import type { UiMessages } from './messages.ts';

/** The shared UI texts in Hindi. */
export const hi: UiMessages = {
  backToMenu: 'मेनू पर वापस जाएँ',
  errorTitle: 'गड़बड़ी',
  notifications: 'सूचनाएँ',
  closeToast: 'सूचना बंद करें',
  successTitle: 'हो गया!',
  saved: {
    title: 'इस फ़ोन में सेव है',
    toast: 'इस फ़ोन में सेव हो गया। इंटरनेट आते ही यह अपने-आप भेज दिया जाएगा।',
    storageFull:
      'इस फ़ोन की स्टोरेज भरी हुई है, इसलिए अनुरोध सेव नहीं हो सका और कुछ भी नहीं भेजा गया। थोड़ी जगह खाली करके फिर कोशिश करें। आपने जो लिखा है, वह यहीं है।',
    storageUnavailable:
      'यह ब्राउज़र पोर्टल को अनुरोध सेव नहीं करने दे रहा, इसलिए कुछ भी नहीं भेजा गया। थोड़ी देर बाद फिर कोशिश करें। आपने जो लिखा है, वह यहीं है।',
  },
};
