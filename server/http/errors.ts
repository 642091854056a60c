import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerLanguage, answerText } from '../contract/texts.ts';
import type { Language } from '../../src/shared/webhook/types.ts';
import { BODY_LIMIT_BYTES } from './json-body.ts';
import type { SetSecurityHeaders } from './security-headers.ts';

const KB = 1024;
const MB = 1024 * KB;

/** The limit the refused body broke, in the unit it is written in: the webhook's 16 MB, a staff form's 64 KB. */
function tooLarge(limitBytes: number, language: Language): string {
  return limitBytes >= MB
    ? answerText(language, 'tooLarge', { limitMb: Math.round(limitBytes / MB) })
    : answerText(language, 'tooLargeKb', { limitKb: Math.round(limitBytes / KB) });
}

function textFor(error: FastifyError, status: number, language: Language, bodyLimit: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return tooLarge(bodyLimit, language);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return answerText(language, 'notJson');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return answerText(language, 'invalidJson');
  }
  if (status === 429) return answerText(language, 'tooManyRequests');
  // Fastify's own 4xx texts are about the request, never about the server's insides.
  return error.message;
}

/**
 * Every failure is answered in plain text the portal can show. A 5xx is
 * logged in full here and answered with a generic sentence: stack traces and
 * SQL never leave the server. It is in the body's language when the body was
 * read; most of these come before that (a body too large or not JSON, the
 * per-address rate limit), and are in the request's Accept-Language, which
 * the portal sets to its page's language (English without it).
 */
export function plainTextErrors(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const language = answerLanguage(request.body, request.headers['accept-language']);
    const bodyLimit = request.routeOptions.bodyLimit ?? BODY_LIMIT_BYTES;
    const text = status >= 500 ? answerText(language, 'internal') : textFor(error, status, language, bodyLimit);
    return reply.code(status).type('text/plain; charset=utf-8').send(text);
  });
}

/**
 * Errors Fastify meets before routing (an address that does not decode, a
 * parameter too long): answered like every other error, in plain text with
 * the security headers, which the onRequest hook has not set yet.
 */
export function routingErrors(setHeaders: SetSecurityHeaders) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    setHeaders(request, reply);
    const status = error.code === 'FST_ERR_BAD_URL' || !error.statusCode ? 400 : error.statusCode;
    const text = answerText('en', status >= 500 ? 'internal' : 'badUrl');
    return reply.code(status).type('text/plain; charset=utf-8').send(text);
  };
}
