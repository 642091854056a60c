import { ATTACHMENTS_MAX_COUNT, ATTACHMENTS_MAX_TOTAL_BYTES } from '../../src/shared/rules/attachment.ts';
import { MESSAGE_MAX_LENGTH } from '../../src/shared/rules/message.ts';
import type { Language } from '../../src/shared/webhook/types.ts';

const MAX_TOTAL_MB = ATTACHMENTS_MAX_TOTAL_BYTES / (1024 * 1024);

/**
 * Every text the webhook answers a parent with, in English (as the spec words
 * a rule, where it does) and in Hindi. Both backends read this one table: the
 * reference server through answerText(), the n8n workflow from its JSON, so it
 * holds data only, plain templates with `{name}` placeholders. Wording that
 * depends on a number or on an optional field is a key of its own.
 *
 * The success answers promise only what both backends do: the reference
 * server shows a request to staff in its inbox (/staff), the n8n workflow
 * posts a notice to the staff channel. Neither confirms anything by itself.
 */
const en = {
  notJson: 'The request must be JSON, sent with Content-Type: application/json',
  invalidJson: 'The request body is not valid JSON',
  forbiddenKey: 'The request contains the key "{key}", which is not allowed',
  notAnObject: 'The request must be a JSON object',
  tooLarge: 'The request is too large: the limit is {limitMb} MB',
  tooLargeKb: 'The request is too large: the limit is {limitKb} KB.',
  attachmentsTooLarge: `Attachments add up to more than ${MAX_TOTAL_MB} MB`,
  tooManyRequests: 'Too many requests from this address. Please wait a minute and try again.',
  tooManyRequestsForNumber: 'Too many requests for this phone number. Please wait a minute and try again.',
  missingAction: 'The request has no action',
  unknownAction: 'Unknown action "{action}"',
  malformedUser: 'The request has no user, or the user is not an object with a name and a number',
  nameAndNumberRequired: 'Name and phone number are required',
  controlInName: 'The name cannot contain control characters such as tabs or line breaks',
  directionInName: 'The name cannot contain characters that change the direction of text, such as U+202E.',
  controlInMessage: 'The message cannot contain control characters other than line breaks',
  controlInNote: 'The note cannot contain control characters other than line breaks',
  controlInPreferredTimes: 'The preferred times cannot contain control characters other than line breaks',
  invalidPhone: 'Please enter a valid phone number (10 digits or E.164 format)',
  emptyMessage: 'Please enter a message',
  messageTooLong: `Message must be ${MESSAGE_MAX_LENGTH} characters or less`,
  tooManyAttachments: `A message can carry at most ${ATTACHMENTS_MAX_COUNT} attachments`,
  invalidFileType: '{filename} is not a valid file type',
  contentNotOfType: '{filename} is not a valid file type: its content is not {mimetype}',
  emptyFile: '{filename} is empty (0 bytes) and cannot be sent',
  invalidBase64: '{filename} could not be read: its content is not valid base64',
  invalidDate: 'Dates must be real calendar days written YYYY-MM-DD',
  pastDate: '{day} is in the past: please choose today or a later date',
  endBeforeStart: 'The end date is before the start date',
  invalidTimestamp: 'timestamp_ist must be an ISO 8601 date and time with its offset',
  invalidRequestId: 'request_id must be a UUID',
  nilRequestId: 'request_id must not be the nil UUID (all zeros): make a new UUID for each request',
  invalidLanguage: 'language must be "en" or "hi"',
  /** Where a field sits when it is the request itself ("Missing field "action" in the request"). */
  theRequest: 'the request',
  unexpectedField: 'Unexpected field "{field}" in {where}',
  missingField: 'Missing field "{field}" in {where}',
  invalid: 'Invalid {where}: {problem}',
  reusedRequestId: 'This request_id was already used for a different request. Send a new request_id.',
  notOnRoster: 'No schedule is available for these details. Please check them, or contact the programme team.',
  wrongMethod: 'Send the webhook a POST request',
  notOnRosterForCode:
    'We cannot send a code for these details. Please check the name and number, or contact the programme team.',
  tooManyCodesForNumber: 'Too many codes were asked for this phone number. Please wait a few minutes and try again.',
  tooManyCodesFromAddress: 'Too many codes were asked from this address. Please wait an hour and try again.',
  codeNotSent: 'The code could not be sent. Please try again in a moment.',
  tooManyTriesFromAddress: 'Too many wrong codes were tried from this address. Please wait an hour and try again.',
  invalidCode: 'Enter the 6-digit code: six digits, nothing else',
  wrongCodeOne: 'This code is not right. 1 try left.',
  wrongCodeMany: 'This code is not right. {left} tries left.',
  codeEnded: 'That was the 5th wrong code, so this code no longer works. Ask for a new code.',
  noCode:
    'No code is waiting for this number: it expired after 10 minutes, was used, or was tried 5 times. Ask for a new code.',
  tokenMissing: 'Verify your phone first: ask for a code and enter it.',
  tokenUnknown: 'This device is not verified any more (it signed out, or the token is not known). Ask for a new code.',
  tokenExpired: 'This device was verified more than 90 days ago. Ask for a new code.',
  codeRequiredAtSignIn: 'Enter the 6-digit code sent to your phone to sign in.',
  /** The first line of the code's SMS or WhatsApp message (server/conversation/code-text.ts adds the Web OTP line). */
  codeMessage: 'Your Thrive portal code is {code}. It works for 10 minutes. Do not share it with anyone.',
  invalidCursor: 'payload.after is not a cursor this webhook gave. Ask again without it.',
  pushEndpointInvalid:
    'The subscription cannot be used: its endpoint must be the https address of a push service (at most 2048 characters).',
  pushKeyInvalid:
    'The subscription cannot be used: its p256dh key must be a P-256 public key of 65 bytes, in base64url.',
  pushAuthInvalid: 'The subscription cannot be used: its auth secret must be 16 bytes, in base64url.',
  badUrl: 'This address is not valid',
  notFound: 'Not found',
  internal: 'Something went wrong on our side. Please try again in a moment.',
  /** Who a chat from a number not on the roster reaches, in place of a facilitator's name. */
  programmeTeam: 'the programme team',
  rescheduleDay:
    'Your reschedule request for {day} is saved for the programme team. They will contact you about a new time.',
  rescheduleRange:
    'Your reschedule request for {start} to {end} is saved for the programme team. They will contact you about a new time.',
  chatReached: 'Your message reached {facilitator}.',
  chatReachedWithAttachment: 'Your message and 1 attachment reached {facilitator}.',
  chatReachedWithAttachments: 'Your message and {count} attachments reached {facilitator}.',
  consultSaved:
    'Thank you, {name}. Your consultation request is saved for the programme team. They will call you on {number}.',
  consultSavedPreferred:
    'Thank you, {name}. Your consultation request is saved for the programme team. They will call you on {number} (preferred: {preferred}).',
  callSaved: 'Thank you, {name}. Your call request is saved for the programme team. They will call you on {number}.',
  callSavedPreferred:
    'Thank you, {name}. Your call request is saved for the programme team. They will call you on {number} (preferred: {preferred}).',
  /** accept_offer's refusals and answer; {when} is the session's new day and time. */
  requestNotFound: 'No reschedule request with this request_id was found for these details.',
  announcementNotFound: 'No announcement with this announcement_id was found for these details.',
  offerNotOpen:
    'This time is no longer offered: the programme team changed or withdrew it. Look at your requests again.',
  offerAccepted: 'Thank you. Your session is now on {when}.',
  /** The event lines an answer adds to the parent's thread, in the language of the request. */
  eventConfirmed: 'Your reschedule request is confirmed: your session is now on {when}.',
  eventConfirmedOtherDay:
    'Your reschedule request is confirmed, on another day than you asked for: your session is now on {when}.',
  eventOffered: 'The programme team offers another time for your session: {when}.',
  eventDeclined: 'Your reschedule request was declined: {reason}',
  eventAccepted: 'You accepted the time offered: your session is now on {when}.',
} as const;

export type AnswerKey = keyof typeof en;

/**
 * The same texts in Hindi: respectful (आप), the same words the portal's
 * Hindi screens use ('फ़ैसिलिटेटर', 'सेशन की तारीख बदलें', 'प्रोग्राम की टीम',
 * 'दर्ज हो गया' for what the team has), and phrased so no verb agrees with the
 * parent's gender (tests/unit/app/hindi-glossary.test.ts checks both).
 */
const hi: Record<AnswerKey, string> = {
  notJson: 'अनुरोध JSON में होना चाहिए और Content-Type: application/json के साथ भेजा जाना चाहिए',
  invalidJson: 'अनुरोध का JSON सही नहीं है',
  forbiddenKey: 'अनुरोध में "{key}" नाम का फ़ील्ड नहीं हो सकता',
  notAnObject: 'अनुरोध एक JSON ऑब्जेक्ट होना चाहिए',
  tooLarge: 'अनुरोध बहुत बड़ा है, इसकी सीमा {limitMb} एमबी है',
  tooLargeKb: 'अनुरोध बहुत बड़ा है, इसकी सीमा {limitKb} केबी है',
  attachmentsTooLarge: `सारी फ़ाइलें मिलाकर ${MAX_TOTAL_MB} एमबी से ज़्यादा हैं`,
  tooManyRequests: 'इस नेटवर्क से बहुत सारे अनुरोध आए हैं। कृपया एक मिनट रुककर फिर कोशिश करें।',
  tooManyRequestsForNumber: 'इस फ़ोन नंबर के लिए बहुत सारे अनुरोध आए हैं। कृपया एक मिनट रुककर फिर कोशिश करें।',
  missingAction: 'अनुरोध में action नहीं है',
  unknownAction: 'action "{action}" पहचाना नहीं गया',
  malformedUser: 'अनुरोध में user नहीं है, या user नाम और नंबर वाला ऑब्जेक्ट नहीं है',
  nameAndNumberRequired: 'नाम और फ़ोन नंबर भरना ज़रूरी है',
  controlInName: 'नाम में टैब या नई लाइन जैसे कंट्रोल अक्षर नहीं हो सकते',
  directionInName: 'नाम में ऐसे अक्षर नहीं हो सकते जो लिखावट की दिशा बदलते हैं, जैसे U+202E।',
  controlInMessage: 'संदेश में नई लाइन के अलावा कोई कंट्रोल अक्षर नहीं हो सकता',
  controlInNote: 'नोट में नई लाइन के अलावा कोई कंट्रोल अक्षर नहीं हो सकता',
  controlInPreferredTimes: 'पसंद के समय में नई लाइन के अलावा कोई कंट्रोल अक्षर नहीं हो सकता',
  invalidPhone: 'कृपया सही फ़ोन नंबर लिखें (10 अंक, या देश के कोड के साथ, जैसे +91 98765 43210)',
  emptyMessage: 'कृपया संदेश लिखें',
  messageTooLong: `संदेश में ${MESSAGE_MAX_LENGTH} से ज़्यादा अक्षर नहीं हो सकते`,
  tooManyAttachments: `एक संदेश में ज़्यादा से ज़्यादा ${ATTACHMENTS_MAX_COUNT} फ़ाइलें जा सकती हैं`,
  invalidFileType: '{filename} सही तरह की फ़ाइल नहीं है',
  contentNotOfType: '{filename} सही तरह की फ़ाइल नहीं है, क्योंकि उसके अंदर {mimetype} नहीं है',
  emptyFile: '{filename} खाली है (0 बाइट), इसलिए भेजी नहीं जा सकती',
  invalidBase64: '{filename} पढ़ी नहीं जा सकी, क्योंकि उसके अंदर सही base64 नहीं है',
  invalidDate: 'तारीखें कैलेंडर के असली दिन होनी चाहिए, YYYY-MM-DD में लिखी हुई',
  pastDate: '{day} की तारीख बीत चुकी है। कृपया आज की या उसके बाद की तारीख चुनें।',
  endBeforeStart: 'आखिरी तारीख पहली तारीख से पहले की है',
  invalidTimestamp: 'timestamp_ist ISO 8601 में तारीख और समय होना चाहिए, ऑफ़सेट के साथ',
  invalidRequestId: 'request_id एक UUID होना चाहिए',
  nilRequestId: 'request_id शून्य UUID (सारे अंक शून्य) नहीं हो सकता। हर अनुरोध के लिए नया UUID बनाएँ।',
  invalidLanguage: 'language "en" या "hi" होनी चाहिए',
  theRequest: 'अनुरोध',
  unexpectedField: '{where} में फ़ील्ड "{field}" नहीं होना चाहिए',
  missingField: '{where} में फ़ील्ड "{field}" नहीं है',
  invalid: '{where} सही नहीं है: {problem}',
  reusedRequestId: 'यह request_id पहले किसी दूसरे अनुरोध के लिए इस्तेमाल हो चुका है। नया request_id भेजें।',
  notOnRoster: 'इस नाम और फ़ोन नंबर के लिए कोई शेड्यूल नहीं मिला। कृपया इन्हें जाँचें, या प्रोग्राम की टीम से संपर्क करें।',
  wrongMethod: 'वेबहुक को POST अनुरोध भेजें',
  notOnRosterForCode: 'इस नाम और फ़ोन नंबर के लिए कोड नहीं भेजा जा सकता। कृपया नाम और नंबर जाँचें, या प्रोग्राम की टीम से संपर्क करें।',
  tooManyCodesForNumber: 'इस फ़ोन नंबर के लिए बहुत सारे कोड मँगवाए गए। कृपया कुछ मिनट रुककर फिर कोशिश करें।',
  tooManyCodesFromAddress: 'इस नेटवर्क से बहुत सारे कोड मँगवाए गए। कृपया एक घंटा रुककर फिर कोशिश करें।',
  codeNotSent: 'कोड नहीं भेजा जा सका। कृपया थोड़ी देर बाद फिर कोशिश करें।',
  tooManyTriesFromAddress: 'इस नेटवर्क से बहुत सारे गलत कोड लिखे गए। कृपया एक घंटा रुककर फिर कोशिश करें।',
  invalidCode: '6 अंकों का कोड लिखें, सिर्फ़ छह अंक और कुछ नहीं',
  wrongCodeOne: 'यह कोड सही नहीं है। 1 कोशिश और बाकी है।',
  wrongCodeMany: 'यह कोड सही नहीं है। {left} कोशिशें और बाकी हैं।',
  codeEnded: 'आपने 5 बार गलत कोड लिखा, इसलिए यह कोड अब काम नहीं करेगा। नया कोड मँगवाएँ।',
  noCode:
    'इस नंबर के लिए कोई कोड बाकी नहीं है। या तो 10 मिनट में उसका समय निकल गया, या वह इस्तेमाल हो चुका, या 5 बार गलत लिखा गया। नया कोड मँगवाएँ।',
  tokenMissing: 'पहले अपने फ़ोन की पुष्टि करें। इसके लिए कोड मँगवाएँ और उसे लिखें।',
  tokenUnknown: 'इस फ़ोन की पुष्टि फिर से करनी होगी (इस पर लॉग आउट किया गया, या इसकी पहचान नहीं मिली)। नया कोड मँगवाएँ।',
  tokenExpired: 'इस फ़ोन की पुष्टि 90 दिन से ज़्यादा पहले हुई थी। नया कोड मँगवाएँ।',
  codeRequiredAtSignIn: 'साइन इन करने के लिए आपके फ़ोन पर भेजा गया 6 अंकों का कोड लिखें।',
  codeMessage: 'आपका Thrive पोर्टल कोड {code} है। यह 10 मिनट तक काम करेगा। इसे किसी को न बताएँ।',
  invalidCursor: 'payload.after इस वेबहुक का दिया हुआ कर्सर नहीं है। इसके बिना फिर से माँगें।',
  pushEndpointInvalid:
    'सूचनाएँ चालू नहीं हो सकीं। सब्सक्रिप्शन का endpoint किसी पुश सर्विस का https पता होना चाहिए (ज़्यादा से ज़्यादा 2048 अक्षर)।',
  pushKeyInvalid: 'सूचनाएँ चालू नहीं हो सकीं। सब्सक्रिप्शन की p256dh चाबी 65 बाइट की P-256 पब्लिक चाबी होनी चाहिए, base64url में।',
  pushAuthInvalid: 'सूचनाएँ चालू नहीं हो सकीं। सब्सक्रिप्शन का auth सीक्रेट 16 बाइट का होना चाहिए, base64url में।',
  badUrl: 'यह पता सही नहीं है',
  notFound: 'नहीं मिला',
  internal: 'हमारी तरफ़ से कुछ गड़बड़ हो गई। कृपया थोड़ी देर बाद फिर कोशिश करें।',
  programmeTeam: 'प्रोग्राम की टीम',
  rescheduleDay:
    '{day} के सेशन की तारीख बदलने का आपका अनुरोध प्रोग्राम की टीम के पास दर्ज हो गया है। नए समय के बारे में टीम आपसे संपर्क करेगी।',
  rescheduleRange:
    '{start} से {end} तक के सेशन की तारीख बदलने का आपका अनुरोध प्रोग्राम की टीम के पास दर्ज हो गया है। नए समय के बारे में टीम आपसे संपर्क करेगी।',
  chatReached: 'आपका संदेश {facilitator} तक पहुँच गया।',
  chatReachedWithAttachment: 'आपका संदेश 1 फ़ाइल के साथ {facilitator} तक पहुँच गया।',
  chatReachedWithAttachments: 'आपका संदेश {count} फ़ाइलों के साथ {facilitator} तक पहुँच गया।',
  consultSaved:
    'धन्यवाद, {name} जी। मुलाकात का आपका अनुरोध प्रोग्राम की टीम के पास दर्ज हो गया है। टीम आपको {number} पर कॉल करेगी।',
  consultSavedPreferred:
    'धन्यवाद, {name} जी। मुलाकात का आपका अनुरोध प्रोग्राम की टीम के पास दर्ज हो गया है। टीम आपको {number} पर कॉल करेगी (पसंद का समय: {preferred})।',
  callSaved: 'धन्यवाद, {name} जी। कॉल का आपका अनुरोध प्रोग्राम की टीम के पास दर्ज हो गया है। टीम आपको {number} पर कॉल करेगी।',
  callSavedPreferred:
    'धन्यवाद, {name} जी। कॉल का आपका अनुरोध प्रोग्राम की टीम के पास दर्ज हो गया है। टीम आपको {number} पर कॉल करेगी (पसंद का समय: {preferred})।',
  requestNotFound: 'इस request_id से सेशन की तारीख बदलने का कोई अनुरोध इन जानकारियों के लिए नहीं मिला।',
  announcementNotFound: 'इस announcement_id से कोई अपडेट इन जानकारियों के लिए नहीं मिला।',
  offerNotOpen: 'यह समय अब नहीं दिया जा रहा, क्योंकि प्रोग्राम की टीम ने इसे बदल दिया या वापस ले लिया। अपने अनुरोध फिर से देखें।',
  offerAccepted: 'धन्यवाद। अब आपका सेशन {when} को है।',
  eventConfirmed: 'सेशन की तारीख बदलने का आपका अनुरोध मान लिया गया है। अब आपका सेशन {when} को है।',
  eventConfirmedOtherDay:
    'सेशन की तारीख बदलने का आपका अनुरोध मान लिया गया है, पर आपकी चुनी हुई तारीखों से अलग दिन पर। अब आपका सेशन {when} को है।',
  eventOffered: 'प्रोग्राम की टीम ने आपके सेशन के लिए दूसरा समय दिया है, {when}।',
  eventDeclined: 'सेशन की तारीख बदलने का आपका अनुरोध नहीं माना जा सका। कारण है, {reason}',
  eventAccepted: 'आपने दिया गया समय मान लिया है। अब आपका सेशन {when} को है।',
};

export const ANSWER_TEXTS = { en, hi } as const satisfies Record<Language, Record<AnswerKey, string>>;

/**
 * The language to answer a request in: the one its body names (another than
 * `hi` is English). A body that names none, or is not an object, or is not
 * read yet (a body that is not JSON, the per-address rate limit) is answered
 * in the request's Accept-Language, when it puts Hindi first (the portal sends
 * its page's language there), and in English otherwise.
 */
export function answerLanguage(body: unknown, acceptLanguage?: string): Language {
  const named = typeof body === 'object' && body !== null ? (body as { language?: unknown }).language : undefined;
  if (named !== undefined) return named === 'hi' ? 'hi' : 'en';
  // Before the body is read, or without a language in it: the portal's Accept-Language, its page's language.
  return acceptLanguage?.split(',')[0]?.trim().toLowerCase().split('-')[0] === 'hi' ? 'hi' : 'en';
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** The `{name}` placeholders of a template, in order. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
}

/**
 * The text for `key` in `language`, its placeholders filled from `values` in
 * one pass, so a value is inserted as it is, even one that looks like a
 * placeholder. A placeholder without a value is a bug in the caller: it throws
 * rather than answer a parent with "{day}".
 */
export function answerText(language: Language, key: AnswerKey, values: Record<string, string | number> = {}): string {
  return ANSWER_TEXTS[language][key].replace(PLACEHOLDER, (_, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined) throw new Error(`answerText: no value for {${name}} in ${language}.${key}`);
    return String(value);
  });
}
