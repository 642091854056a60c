import type { Language } from '../webhook/types.ts';
import { en, type PushMessages } from './messages.ts';

/** A notification's words in Hindi. */
export const hi: PushMessages = {
  newMessageFrom: (author) => `${author} का नया संदेश`,
  newMessages: (count) => `${count} नए संदेश`,
  from: (author) => `${author} की ओर से`,
  facilitator: 'आपके फ़ैसिलिटेटर',
  reminderDayBefore: 'कल आपका सेशन है',
  reminderHourBefore: 'एक घंटे में आपका सेशन है',
  reminderBody: (day, time, facilitator) => `${day}, ${time}, ${facilitator} के साथ।`,
  requestTitle: 'आपके अनुरोध का जवाब आया है',
  requestConfirmed: 'सेशन की नई तारीख पक्की हो गई है।',
  requestOffered: 'प्रोग्राम की टीम ने दूसरी तारीख दी है। जवाब देने के लिए शेड्यूल खोलें।',
  requestDeclined: 'आपका अनुरोध पूरा नहीं हो सका। वजह जानने के लिए शेड्यूल खोलें।',
};

/** Both languages, for the worker, which writes each notification in the language its push names. */
export const PUSH_TEXTS: Record<Language, PushMessages> = { en, hi };
