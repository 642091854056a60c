// Code message: the sign-in code for the gateway, in the parent's language, as the reference server words it
// (server/conversation/code-text.ts). Its last line, "@host #code", which the Web OTP API reads, names
// THRIVE_PORTAL_HOST only, never anything the request says; without that variable the line is left out.
import { CODE_MESSAGE_TEMPLATES } from '../texts.ts';

const request = $('Read request').first().json;
const host = (() => {
  try {
    return $env.THRIVE_PORTAL_HOST || undefined;
  } catch {
    return undefined; // n8n hides the environment from Code nodes (N8N_BLOCK_ENV_ACCESS_IN_NODE)
  }
})();
const template = CODE_MESSAGE_TEMPLATES[host === undefined ? 'withoutHost' : 'withHost'][request.language];
return {
  json: {
    phone: request.numberKey,
    code: $json.code,
    language: request.language,
    text: template.replaceAll('{code}', $json.code).replaceAll('{host}', host),
  },
};
