import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { LookupCancelledError } from '../core/errors.js';
import type { HandlerContext } from '../core/pipeline.js';
import type { Metrics } from '../ops/metrics.js';
import { splitTarget } from '../server/request-target.js';
import type { KeyRing } from './keys.js';
import { outcomeOf } from './limits.js';
import { INTERNAL, type Prepared, UNAUTHORIZED } from './responses.js';

/** What the metrics count a keyed request as: the command it is (src/core/commands names them). */
export type RouteKind = 'product' | 'recipe' | 'compare' | 'menu';
export const ROUTE_KINDS: readonly RouteKind[] = ['product', 'recipe', 'compare', 'menu'];

/** A keyed route's work once the key and its limit let the request through. */
export type Work = (request: FastifyRequest, context: HandlerContext) => Prepared | Promise<Prepared>;

export interface Responder {
  /** The key, then its limit: the refusal to answer with, or null to go on (synchronous without limits). */
  admit(request: FastifyRequest): Prepared | null | Promise<Prepared | null>;
  /** Writes a keyed route's answer and counts it. */
  finish(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: RouteKind,
    started: number,
    prepared: Prepared,
  ): void;
  /** Writes a prepared answer straight to the response. */
  send(request: FastifyRequest, reply: FastifyReply, prepared: Prepared, started: number): void;
  /** The work's answer, handed to `then`; a failure is logged and answered 500, never left hanging. */
  settle(
    request: FastifyRequest,
    answer: Prepared | Promise<Prepared>,
    then: (prepared: Prepared) => void,
  ): void | Promise<void>;
  /** A GET route's handler: admitted, its work run, answered and counted. */
  keyed(kind: RouteKind, work: Work): (request: FastifyRequest, reply: FastifyReply) => void | Promise<void>;
  /** What a request's work is given: the service's logger, and a signal aborted if the client leaves. */
  contextOf(reply: FastifyReply): HandlerContext;
}

export function createResponder(
  keyRing: KeyRing,
  limited: ((key: string) => Promise<Prepared | null>) | null,
  logger: Logger,
  metrics: Metrics | undefined,
): Responder {
  const responder: Responder = {
    admit(request) {
      const presented = request.headers['x-api-key'];
      const key = typeof presented === 'string' ? presented : undefined;
      if (!keyRing.accepts(key)) return UNAUTHORIZED;
      return limited === null ? null : limited(key!);
    },

    finish(request, reply, kind, started, prepared) {
      responder.send(request, reply, prepared, started);
      metrics?.command('service', kind, outcomeOf(prepared), (performance.now() - started) / 1000);
    },

    send(request, reply, prepared, started) {
      // The answer is a prepared buffer with its headers: written straight to the response, which
      // skips Fastify's reply pipeline (serialisers, hooks) that has nothing to do here. For HEAD,
      // node:http drops the body and keeps the headers.
      reply.hijack();
      reply.raw.writeHead(prepared.status, prepared.headers);
      reply.raw.end(prepared.body);
      if (logger.isLevelEnabled('debug')) {
        // The path only: query values are the client's business and headers may carry the key.
        logger.debug(
          {
            method: request.method,
            path: pathOf(request.url),
            status: prepared.status,
            durationMs: Math.round((performance.now() - started) * 1000) / 1000,
          },
          'request',
        );
      }
    },

    settle(request, answer, then) {
      if (!(answer instanceof Promise)) return then(answer);
      return answer.then(then, (error: unknown) => {
        logger.error(
          { err: error, method: request.method, path: pathOf(request.url) },
          'request failed unexpectedly',
        );
        then(INTERNAL);
      });
    },

    keyed(kind, work) {
      return (request, reply) => {
        const started = performance.now();
        const respond = (prepared: Prepared) => responder.finish(request, reply, kind, started, prepared);
        const run = () => work(request, responder.contextOf(reply));
        const admitted = responder.admit(request);
        // Without limits a cached answer stays synchronous: one write.
        if (admitted === null) return responder.settle(request, run(), respond);
        if (!(admitted instanceof Promise)) return respond(admitted);
        return admitted.then((refusal) =>
          refusal === null ? responder.settle(request, run(), respond) : respond(refusal),
        );
      };
    },

    contextOf(reply) {
      const controller = new AbortController();
      // A client that leaves before its answer is not waited for: the lookups it asked for stop,
      // and the work answers with the cancellation (answerOrCancelled), logged as no failure.
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) controller.abort(new LookupCancelledError('the client left'));
      });
      return { signal: controller.signal, logger };
    },
  };
  return responder;
}

/** What a request the client left is "answered" with: written nowhere, counted as cancelled. */
export const CANCELLED: Prepared = { ...INTERNAL, outcome: 'cancelled' };

export function pathOf(url: string | undefined): string {
  return splitTarget(url).path.slice(0, 200);
}
