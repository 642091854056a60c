import type { SignInMessages } from './messages.ts';

/** The sign-in screen and the phone's verification in Hindi. */
export const hi: SignInMessages = {
  title: 'फिर से स्वागत है',
  subtitle: 'रजिस्ट्रेशन के समय दिया गया नाम और फ़ोन नंबर लिखकर साइन इन करें।',
  nameLabel: 'नाम',
  phoneLabel: 'फ़ोन नंबर',
  phoneHint: 'जैसे +91 98765 43210, या सिर्फ़ 10 अंक',
  continue: 'आगे बढ़ें',
  back: 'वापस',
  required: 'कृपया सारी ज़रूरी जानकारी भरें',
  invalidPhone: 'कृपया सही फ़ोन नंबर लिखें (10 अंक, या देश के कोड के साथ, जैसे +91 98765 43210)',
  invalidName: 'कृपया अपना नाम फिर से लिखें। उसमें टैब, नई लाइन या कोई ऐसा अक्षर है जो भेजा नहीं जा सकता।',
};
