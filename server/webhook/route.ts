import type { FastifyInstance } from 'fastify';
import { BODY_LIMIT_BYTES, WEBHOOK_PATH } from '../config.ts';
import type { Outcome } from './intake.ts';
import { reasons } from './messages.ts';

export interface WebhookRouteOptions {
  intake: (body: unknown) => Promise<Outcome>;
  /** Requests per window per client IP; 0 turns the limit off. */
  rateLimitMax: number;
  rateLimitWindowMs: number;
}

export function webhookRoute(app: FastifyInstance, options: WebhookRouteOptions): void {
  const rateLimit =
    options.rateLimitMax > 0 ? { max: options.rateLimitMax, timeWindow: options.rateLimitWindowMs } : false;

  app.post(WEBHOOK_PATH, { bodyLimit: BODY_LIMIT_BYTES, config: { rateLimit } }, async (request, reply) => {
    const outcome = await options.intake(request.body);
    reply.code(outcome.status).header('cache-control', 'no-store');
    if ('text' in outcome) return reply.type('text/plain; charset=utf-8').send(outcome.text);
    // Says a repeat was recognised: the answer is the first one, and nothing new was stored.
    if (outcome.replayed) reply.header('idempotent-replayed', 'true');
    return reply.type('application/json; charset=utf-8').send(outcome.json);
  });

  app.route({
    method: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'],
    url: WEBHOOK_PATH,
    handler: (_request, reply) =>
      reply.code(405).header('allow', 'POST').type('text/plain; charset=utf-8').send(reasons.wrongMethod),
  });
}
