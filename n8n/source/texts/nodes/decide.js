// Decide: a due notice decided as the reference server's text fallback decides it (textDecision,
// src/shared/push/text-fallback.ts), by the parent's settings saved last on any of their phones and their texts of
// its limit group this India's day: not texted (off, pushed, limit), held until a moment, or sent. Only a notice
// still waiting or queued is taken, so none is seen yet. A text to send is written here, as the reference server
// writes it: the template in the parent's language with who wrote and the link to the portal's screen (fillTemplate,
// textLink, at THRIVE_PORTAL_HOST), under the id a gateway dedupes on (textId, the same at every try), and when to
// try again should the gateway not take it (textRetryAt).
import { textDecision, textRetryAt } from '../../../../src/shared/push/text-fallback.ts';
import { fillTemplate, textId, textLink } from '../../../../src/shared/push/text-templates.ts';
import { announcementPath, paths } from '../../../../src/config/paths.ts';

// announcementPath builds its query with URLSearchParams, which n8n's task runner lacks: Node's own, as it gives them.
// oxlint-disable-next-line typescript/no-require-imports -- n8n's task runner gives built-ins this way
globalThis.URLSearchParams ??= require('url').URLSearchParams;
const now = new Date($('Clock').first().json.now);
const notice = $json;
const host = (() => {
  try {
    return $env.THRIVE_PORTAL_HOST ?? '';
  } catch {
    return ''; // n8n hides the environment from Code nodes (N8N_BLOCK_ENV_ACCESS_IN_NODE): "Ready?" stopped the run
  }
})();
const facts = {
  kind: notice.kind,
  urgent: notice.urgent,
  createdAt: new Date(notice.created_at),
  seen: false,
  pushed: notice.pushed,
  queued: notice.state === 'queued',
  settings: notice.settings,
  textedToday: notice.texted_today,
};
const decision = textDecision(facts, now, notice.wait_seconds * 1000);
const routes = { chat: paths.chat, announcement: announcementPath };
const values = { author: notice.author, link: textLink(notice, `https://${host}`, routes) };
const { language } = notice;
const text = fillTemplate(notice.kind, language, values);
return {
  json: {
    id: notice.id,
    verdict: decision.kind === 'skip' ? decision.reason : decision.kind,
    at: decision.kind === 'hold' ? decision.until.toISOString() : null,
    message:
      decision.kind === 'send'
        ? { id: textId(notice), phone: notice.number_key, language, template: notice.kind, values, text }
        : null,
    retry_at: textRetryAt(notice.attempts + 1, now)?.toISOString() ?? null,
  },
};
