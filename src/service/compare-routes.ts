import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { InvalidInputError } from '../core/errors.js';
import { type ComparisonAnswer, comparisonAnswer, type ServiceCompare } from './compare.js';
import { queryOf } from './lookups.js';
import { bodyLimitFor, bodyTooLarge, readMenuBody, UNSUPPORTED_MEDIA_TYPE } from './menu-body.js';
import { readParam } from './query.js';
import { CANCELLED, pathOf, type Responder } from './respond.js';
import { INTERNAL, type Prepared, prepareError } from './responses.js';

/** The extensions that rank options, answering the CompareResult document (src/compare/model.ts). */
export const COMPARE_PATH = '/compare';
export const MENU_PATH = '/menu';

/** A posted menu's answer is the poster's alone: not kept by any cache. */
const NO_STORE = { 'cache-control': 'no-store' };

/**
 * `GET /compare?options=<the text after /carbon compare>` and `POST /menu` (the posted message as the
 * body): answered by the handlers `carbon compare --json` and `carbon menu --json` print, from the
 * built-in catalog, so the documents are the same. Not cached by the service: they are computed per
 * request (a comparison is at most ten lookups; a menu is read in linear time, at most 40,000
 * characters).
 */
export function registerComparisons(
  app: FastifyInstance,
  responder: Responder,
  compare: ServiceCompare,
  logger: Logger,
): void {
  /** The answer, or for a failure on our side (a lookup failed) a logged 500. */
  const answered = (kind: 'compare' | 'menu', answer: ComparisonAnswer, headers?: Record<string, string>) => {
    const prepared = comparisonAnswer(answer, headers);
    if (prepared !== null) return prepared;
    if (answer.type === 'error' && answer.error.code === 'cancelled') {
      logger.debug({ kind }, 'comparison cancelled: the client left');
      return CANCELLED;
    }
    logger.error(
      {
        kind,
        failed: answer.type === 'compare' ? answer.result.failed.map((item) => item.error.code) : undefined,
        code: answer.type === 'error' ? answer.error.code : undefined,
      },
      'comparison failed unexpectedly',
    );
    return INTERNAL;
  };

  app.get(
    COMPARE_PATH,
    responder.keyed('compare', (request, context) => {
      let text: string;
      try {
        text = readParam(queryOf(request.url), 'options', compare.limits.text);
      } catch (error) {
        if (error instanceof InvalidInputError)
          return prepareError(400, 'invalid_parameter', `Invalid query: ${error.reason}.`);
        throw error;
      }
      return compare.text(text, context).then((answer) => answered('compare', answer));
    }),
  );

  // The body is read only once the key and its limit let the request through (onRequest runs before
  // Fastify reads it), held to the bytes the longest message can take, and kept as bytes: the route
  // decodes it with its own rules, so only this scope parses bodies.
  const bodyLimit = bodyLimitFor(compare.limits.menu);
  const started = new WeakMap<FastifyRequest, number>();
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) =>
      done(null, body),
    );
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const prepared = bodyRefusal(error, compare.limits.menu);
      const context = { err: error, method: request.method, path: pathOf(request.url) };
      if (prepared === null) logger.error(context, 'request failed unexpectedly');
      else logger.debug(context, 'body refused');
      responder.finish(
        request,
        reply,
        'menu',
        started.get(request) ?? performance.now(),
        prepared ?? INTERNAL,
      );
    });
    scope.post(MENU_PATH, {
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        started.set(request, performance.now());
        const refusal = await responder.admit(request);
        if (refusal !== null) responder.finish(request, reply, 'menu', started.get(request)!, refusal);
      },
      handler: (request, reply) => {
        const respond = (prepared: Prepared) =>
          responder.finish(request, reply, 'menu', started.get(request)!, prepared);
        const read = readMenuBody(
          request.body as Buffer | undefined,
          request.headers['content-type'],
          compare.limits.menu,
        );
        if ('refused' in read) return respond(read.refused);
        const answer = compare
          .menu(read.message, responder.contextOf(reply))
          .then((answer) => answered('menu', answer, NO_STORE));
        return responder.settle(request, answer, respond);
      },
    });
  });
}

/**
 * What a body Fastify refused to read is answered with: too large, an unreadable media type, or a body
 * cut short (its Content-Length not met, the client gone). Null for anything that is not the client's.
 */
function bodyRefusal(error: FastifyError, maxCharacters: number): Prepared | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return bodyTooLarge(maxCharacters);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return UNSUPPORTED_MEDIA_TYPE;
    default: {
      const status = error.statusCode ?? 500;
      return status >= 400 && status < 500
        ? prepareError(400, 'invalid_body', 'Invalid body: it did not arrive whole.')
        : null;
    }
  }
}
