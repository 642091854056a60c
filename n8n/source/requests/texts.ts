import { ANSWER_TEXTS } from '../../../server/contract/texts.ts';

/** The event line an accepted offer adds to the parent's thread, in both languages (server/contract/texts.ts). */
export const EVENT_ACCEPTED = { en: ANSWER_TEXTS.en.eventAccepted, hi: ANSWER_TEXTS.hi.eventAccepted };
