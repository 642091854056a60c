import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../src/shared/webhook/types.ts';

/** What goes to the SMS or WhatsApp gateway (or n8n) at CODE_WEBHOOK_URL, as JSON. */
export interface CodeMessage {
  /** E.164. */
  phone: string;
  code: string;
  language: Language;
  /** The whole message to send, in the parent's language, its last line `@host #code`. */
  text: string;
}

/** Resolves once the gateway took the message; rejects when it did not. */
export type SendCode = (message: CodeMessage) => Promise<void>;

const GATEWAY_TIMEOUT_MS = 10_000;

/**
 * POSTs the message to the gateway, with `Authorization: Bearer <token>`
 * (CODE_WEBHOOK_TOKEN, NOTIFY_WEBHOOK_TOKEN) when one is set. Any answer but
 * a 2xx is a failure.
 */
export function gatewaySender<M = CodeMessage>(
  url: string,
  token: string | undefined,
  name = 'code',
): (message: M) => Promise<void> {
  return async (message) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`The ${name} gateway answered ${response.status}`);
  };
}

/** The marker `npm start` tells the operator to look for. */
export const DEMO_CODE_LINE = 'demo mode: sign-in code';

/**
 * No gateway (the demo default): the code goes to the server log, at warn so
 * the default log level shows it, on a line that says it is the demo mode.
 */
export function demoSender(log: FastifyBaseLogger): SendCode {
  return async ({ phone, code }) => {
    log.warn(`${DEMO_CODE_LINE} for ${phone} is ${code} (no CODE_WEBHOOK_URL is set, so no SMS was sent)`);
  };
}
