// Write answer: every answer but a new request's ("Answer" writes its own), written in the parent's language (English
// when the request names none it may) by write.ts, then sent on by "Next step".
import { writeAnswer } from '../write.ts';

const language = $('Webhook').first().json.body?.language === 'hi' ? 'hi' : 'en';
return { json: writeAnswer($json, $('Contract').first().json, language) };
