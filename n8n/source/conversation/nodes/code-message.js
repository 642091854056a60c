// Code message: the sign-in code for the gateway, in the parent's language, as the reference server words it
// (server/conversation/code-text.ts): its last line is "@host #code", which the Web OTP API reads. The host is
// THRIVE_PORTAL_HOST, or without it the one the portal webhook passed on (the request's Origin).
import { CODE_MESSAGE_TEMPLATES } from '../texts.ts';

const request = $('Read request').first().json;
const configured = (() => {
  try {
    return $env.THRIVE_PORTAL_HOST;
  } catch {
    return undefined; // n8n hides the environment from Code nodes (N8N_BLOCK_ENV_ACCESS_IN_NODE)
  }
})();
const host = configured || request.portalHost;
const fill = (template) => template.replaceAll('{code}', $json.code).replaceAll('{host}', host);
return {
  json: {
    phone: request.numberKey,
    code: $json.code,
    language: request.language,
    text: fill(CODE_MESSAGE_TEMPLATES[request.language]),
  },
};
