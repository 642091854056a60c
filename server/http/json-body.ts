import type { FastifyInstance } from 'fastify';
import { answerText } from '../contract/texts.ts';

/** The largest webhook body read: 10 MB of files as base64, with room for the rest (the contract's 413). */
export const BODY_LIMIT_BYTES = 16 * 1024 * 1024;

class BodyError extends Error {
  readonly statusCode = 400;
}

/** Keys that would reach an object's prototype if the body were ever merged into another object. */
function refuseProtoKeys(key: string, value: unknown): unknown {
  if (key === '__proto__') throw new BodyError(answerText('en', 'forbiddenKey', { key: '__proto__' }));
  if (key === 'constructor' && typeof value === 'object' && value !== null && Object.hasOwn(value, 'prototype')) {
    throw new BodyError(answerText('en', 'forbiddenKey', { key: 'constructor.prototype' }));
  }
  return value;
}

/**
 * The JSON body parser. Fastify's own refuses `__proto__` too, but says only
 * that the body is not valid JSON; this one names the key, so whoever built
 * the request knows what to change. In English: a body that cannot be read
 * names no language.
 */
export function jsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    let body: unknown;
    try {
      body = JSON.parse(text as string, (key, value: unknown) => refuseProtoKeys(key, value));
    } catch (error) {
      done(error instanceof BodyError ? error : new BodyError(answerText('en', 'invalidJson')), undefined);
      return;
    }
    done(null, body);
  });
}
