import type { FastifyInstance } from 'fastify';
import { phoneKey } from '../../src/shared/rules/phone.ts';
import { WEBHOOK_PATH } from '../../src/shared/webhook/endpoint.ts';
import { answerLanguage, answerText } from '../contract/texts.ts';
import { BODY_LIMIT_BYTES } from '../http/json-body.ts';
import { createWindowLimit } from '../http/window-limit.ts';
import type { Outcome, RequestContext } from '../http/outcome.ts';

export interface WebhookRouteOptions {
  intake: (body: unknown, context: RequestContext) => Promise<Outcome>;
  /** Requests per window per client IP; 0 turns the limit off. */
  rateLimitMax: number;
  /** Requests per window per phone number, from any address; 0 turns the limit off. */
  rateLimitPerNumberMax: number;
  rateLimitWindowMs: number;
}

/** The phone key of the body's user, when it has a number that passes the phone rule. */
function numberOf(body: unknown): string | undefined {
  const user = typeof body === 'object' && body !== null ? (body as { user?: unknown }).user : undefined;
  const number = typeof user === 'object' && user !== null ? (user as { number?: unknown }).number : undefined;
  return typeof number === 'string' ? phoneKey(number) : undefined;
}

export function webhookRoute(app: FastifyInstance, options: WebhookRouteOptions): void {
  const rateLimit =
    options.rateLimitMax > 0 ? { max: options.rateLimitMax, timeWindow: options.rateLimitWindowMs } : false;

  const numberLimit =
    options.rateLimitPerNumberMax > 0
      ? createWindowLimit(options.rateLimitPerNumberMax, options.rateLimitWindowMs)
      : undefined;

  app.post(WEBHOOK_PATH, { bodyLimit: BODY_LIMIT_BYTES, config: { rateLimit } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const number = numberLimit && numberOf(request.body);
    const verdict = number ? numberLimit?.hit(number, Date.now()) : undefined;
    if (verdict && !verdict.allowed) {
      reply.code(429).header('retry-after', String(verdict.retryAfterSeconds));
      return reply
        .type('text/plain; charset=utf-8')
        .send(answerText(answerLanguage(request.body), 'tooManyRequestsForNumber'));
    }
    const outcome = await options.intake(request.body, {
      authorization: request.headers.authorization,
      address: request.ip,
    });
    reply.code(outcome.status);
    if (outcome.headers) reply.headers(outcome.headers);
    if ('text' in outcome) return reply.type('text/plain; charset=utf-8').send(outcome.text);
    // Says a repeat was recognised: the answer is the first one, and nothing new was stored.
    if (outcome.replayed) reply.header('idempotent-replayed', 'true');
    return reply.type('application/json; charset=utf-8').send(outcome.json);
  });

  app.route({
    method: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'],
    url: WEBHOOK_PATH,
    handler: (_request, reply) =>
      reply.code(405).header('allow', 'POST').type('text/plain; charset=utf-8').send(answerText('en', 'wrongMethod')),
  });
}
