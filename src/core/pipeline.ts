import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { LookupCancelledError, RateLimitedError } from './errors.js';
import type { InteractionOrigin } from './interaction.js';
import { chatSubjects, type Limiter, type LimitScope } from './limits.js';
import type { Reply } from './lookup.js';
import { type ErrorView, restartingView, toErrorView } from './messages.js';
import { withinBudget } from './within-budget.js';

/**
 * The one interaction lifecycle for every chat platform. An adapter parses a platform payload into
 * a piece of work (a `RequestHandler` run with its arguments) and a `ReplyChannel` (how to answer
 * on that platform); the pipeline owns everything between: the first-response deadline, deferral,
 * late delivery, dropping cancelled replies, the generic-error fallback, and stopping (refusing new
 * work, a grace for work in flight, then one "restarting" line to everyone still waiting).
 *
 * A new request kind (compare, a recipe from ingredients, a form submission, a message shortcut)
 * is one handler returning a `Reply`; the lifecycle is not written again.
 */

/** What a handler is given: an abort signal that fires when the bot stops, and a logger. */
export interface HandlerContext {
  signal: AbortSignal;
  logger: Logger;
}

/** The error reply every kind of reply includes: what the pipeline sends when work fails or stops. */
export type ErrorReply = { type: 'error'; error: ErrorView };

/**
 * Produces the reply for one request. May throw: the pipeline turns any error into an error reply.
 * `R` is the kind of reply (a lookup's `Reply` by default, a comparison's for compare).
 */
export type RequestHandler<Request, R = Reply> = (
  request: Request,
  context: HandlerContext,
) => Promise<R | ErrorReply>;

/**
 * How one interaction is answered on its platform. The pipeline calls either `answerNow` alone, or
 * `acknowledge` and then one of `deliverLater` / `deliverFailure`, or `acknowledge` alone (a
 * dropped reply). Methods may throw; the pipeline logs and falls back.
 */
export interface ReplyChannel<R = Reply> {
  /** The first response, carrying the reply (within the platform's deadline). */
  answerNow(reply: R | ErrorReply): Promise<void>;
  /** The first response without the reply ("Looking up…", Discord's "thinking…"). */
  acknowledge(): Promise<void>;
  /** The reply, after `acknowledge`. */
  deliverLater(reply: R | ErrorReply): Promise<void>;
  /** A short failure after `acknowledge`: the reply could not be delivered, or the bot is restarting. */
  deliverFailure(error: ErrorView): Promise<void>;
}

export interface PipelineOptions {
  logger: Logger;
  /** How long work may run before the interaction is acknowledged without its reply. */
  budgetMs: number;
  /**
   * Per-user and per-workspace limits, checked before the work of an interaction with an origin
   * runs; a refused one is answered at once with "slow down, try again in N s".
   */
  limiter?: Limiter;
  /** An interaction refused by a limit (the metrics count them). */
  onLimited?: (origin: InteractionOrigin, scope: LimitScope) => void;
}

/**
 * The longest a limit check may take before the interaction goes ahead unchecked: the check comes
 * out of the platform's 3 s, and a slow or unreachable database must not make every answer late.
 */
export const LIMIT_CHECK_TIMEOUT_MS = 500;

export interface StopOptions {
  /** How long work in flight may still finish normally once the bot starts stopping. */
  graceMs: number;
  /** How long, after the rest is aborted, the "restarting" notices may take to go out. */
  drainMs: number;
}

export const DEFAULT_STOP: StopOptions = { graceMs: 3_000, drainMs: 2_000 };

const LATE = Symbol('late');

export class InteractionPipeline {
  private readonly controllers = new Set<AbortController>();
  private readonly tasks = new Set<Promise<void>>();
  private stopping: Promise<void> | null = null;
  private aborted = false;

  constructor(private readonly options: PipelineOptions) {}

  /** False once stopping began: readiness checks fail and new interactions are turned away. */
  get accepting(): boolean {
    return this.stopping === null;
  }

  /** Interactions not yet fully answered. */
  get pending(): number {
    return this.tasks.size;
  }

  /**
   * Runs one interaction through the lifecycle. Resolves once it is answered (or dropped); never
   * rejects.
   */
  run<Request, R = Reply>(
    handler: RequestHandler<Request, R>,
    request: Request,
    channel: ReplyChannel<R>,
    context: Record<string, unknown> = {},
    /** Who asked, where: counted against the limits when the pipeline has them. */
    origin?: InteractionOrigin,
  ): Promise<void> {
    const task = this.lifecycle(handler, request, channel, context, origin).catch((error: unknown) => {
      this.options.logger.error({ err: error, ...context }, 'interaction failed unexpectedly');
    });
    this.tasks.add(task);
    void task.finally(() => this.tasks.delete(task));
    return task;
  }

  /**
   * Stops: new interactions get the "restarting" line at once, work in flight gets `graceMs` to
   * finish, then the rest is aborted and its users told, in one line, to try again. Resolves once
   * every interaction has been answered (or `drainMs` has passed). Idempotent.
   */
  stop(options: StopOptions = DEFAULT_STOP): Promise<void> {
    this.stopping ??= this.shutdown(options);
    return this.stopping;
  }

  private async shutdown({ graceMs, drainMs }: StopOptions): Promise<void> {
    const { logger } = this.options;
    if (this.tasks.size > 0)
      logger.info({ inFlight: this.tasks.size, graceMs }, 'stopping: letting work finish');
    await this.settled(graceMs);
    this.aborted = true;
    if (this.controllers.size > 0) {
      logger.info(
        { aborted: this.controllers.size },
        'stopping: telling waiting users the bot is restarting',
      );
    }
    for (const controller of this.controllers) controller.abort(restarting());
    await this.settled(drainMs);
    if (this.tasks.size > 0)
      logger.warn({ unanswered: this.tasks.size }, 'stopped with interactions unanswered');
  }

  private async settled(ms: number): Promise<void> {
    if (this.tasks.size === 0) return;
    await Promise.race([Promise.allSettled([...this.tasks]), sleep(ms, undefined, { ref: false })]);
  }

  private async lifecycle<Request, R>(
    handler: RequestHandler<Request, R>,
    request: Request,
    channel: ReplyChannel<R>,
    context: Record<string, unknown>,
    origin: InteractionOrigin | undefined,
  ): Promise<void> {
    const { logger } = this.options;
    if (this.aborted || this.stopping !== null) {
      logger.info(context, 'interaction refused: the bot is stopping');
      await this.answerNow(channel, { type: 'error', error: restartingView() }, context);
      return;
    }
    const refusal = origin === undefined ? null : await this.limited(origin, context);
    if (refusal !== null) {
      await this.answerNow(channel, { type: 'error', error: refusal }, context);
      return;
    }
    // A controller per interaction, not one shared stop signal: each signal has only the few
    // listeners its own lookup adds, so no listener limit is approached however many run at once
    // (and raising the limit per signal was the costliest step of a quick answer).
    const controller = new AbortController();
    this.controllers.add(controller);
    const pending = Promise.resolve()
      .then(() => handler(request, { signal: controller.signal, logger }))
      .catch((error: unknown): ErrorReply => {
        logger.error({ err: error, ...context }, 'request handler failed unexpectedly');
        return { type: 'error', error: toErrorView(error) };
      })
      .finally(() => this.controllers.delete(controller));

    const early = await withinBudget(pending, this.options.budgetMs, LATE);
    if (early !== LATE) {
      if (!isCancelled(early)) return this.answerNow(channel, early, context);
      if (this.aborted) return this.answerNow(channel, { type: 'error', error: restartingView() }, context);
      // Cancelled by someone else: nobody reads it, but the platform still needs its first response.
      logger.info({ ...context, what: 'answer now' }, 'reply dropped: the work was cancelled');
      await this.attempt(() => channel.acknowledge(), context, 'could not acknowledge an interaction');
      return;
    }
    logger.debug(
      { ...context, budgetMs: this.options.budgetMs },
      'slower than the budget; acknowledging first',
    );
    const acknowledged = await this.attempt(
      () => channel.acknowledge(),
      context,
      'could not acknowledge an interaction',
    );
    const reply = await pending;
    // Nothing was acknowledged, so there is nothing to follow up (the platform shows its own failure).
    if (!acknowledged) return;
    if (isCancelled(reply)) {
      if (this.aborted) {
        await this.attempt(
          () => channel.deliverFailure(restartingView()),
          context,
          'could not tell the user the bot is restarting',
        );
        return;
      }
      logger.info({ ...context, what: 'late answer' }, 'reply dropped: the work was cancelled');
      return;
    }
    if (await this.attempt(() => channel.deliverLater(reply), context, 'could not deliver a late reply'))
      return;
    await this.attempt(
      () => channel.deliverFailure(toErrorView(new Error('undeliverable'))),
      context,
      'could not deliver the failure notice either',
    );
  }

  /**
   * The "slow down" answer when the interaction is over a limit, or null to go on. A limiter that
   * fails or is slow lets the interaction through, logged: limits protect the bot, and a database
   * outage should not also silence it.
   */
  private async limited(
    origin: InteractionOrigin,
    context: Record<string, unknown>,
  ): Promise<ErrorView | null> {
    const { limiter, logger } = this.options;
    if (limiter === undefined) return null;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), LIMIT_CHECK_TIMEOUT_MS);
      timer.unref();
    });
    try {
      const decision = await Promise.race([limiter.take(chatSubjects(origin)), timeout]);
      if (decision === null) {
        logger.warn({ ...context, timeoutMs: LIMIT_CHECK_TIMEOUT_MS }, 'limit check too slow; not limited');
        return null;
      }
      if (decision.allowed) return null;
      logger.info(
        { ...context, scope: decision.scope, retryAfterSeconds: decision.retryAfterSeconds },
        'interaction refused: over a rate limit',
      );
      this.options.onLimited?.(origin, decision.scope);
      return toErrorView(new RateLimitedError(decision.retryAfterSeconds, decision.scope));
    } catch (error) {
      logger.warn({ err: error, ...context }, 'limit check failed; not limited');
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The first response with the reply; should that fail (rendering), with the generic error. */
  private async answerNow<R>(
    channel: ReplyChannel<R>,
    reply: R | ErrorReply,
    context: Record<string, unknown>,
  ) {
    if (await this.attempt(() => channel.answerNow(reply), context, 'could not answer an interaction'))
      return;
    await this.attempt(
      () => channel.answerNow({ type: 'error', error: toErrorView(new Error('unanswerable')) }),
      context,
      'could not answer with the generic error either',
    );
  }

  private async attempt(
    work: () => Promise<void>,
    context: Record<string, unknown>,
    failure: string,
  ): Promise<boolean> {
    try {
      await work();
      return true;
    } catch (error) {
      this.options.logger.warn({ err: error, ...context }, failure);
      return false;
    }
  }
}

function isCancelled(reply: unknown): boolean {
  const { type, error } = reply as Partial<ErrorReply>;
  return type === 'error' && error?.code === 'cancelled';
}

/** The abort reason: sources rethrow it, so the reply carries code 'cancelled'. */
function restarting(): LookupCancelledError {
  return new LookupCancelledError('the bot is restarting');
}
