import type { Answer } from './commands/answer.js';
import { type ErrorView, toErrorView } from './messages.js';
import type { ReplyChannel } from './pipeline.js';

/**
 * What an answer needs from a chat platform, decided here once: the lifecycle of each intent over
 * the pipeline's ReplyChannel. An adapter supplies only its platform's primitives (reply, defer,
 * post, edit, follow up) and how to lay an answer out privately or publicly; it never decides when
 * an answer is shared, kept private or put in place of another.
 *
 * - answer privately: a command's answer, seen by the asker alone; a slow one is deferred and
 *   followed up.
 * - share publicly: a Share button. The answer is worked out again (so the post is current) and
 *   posted for everyone; an answer that cannot be shared (an error, too few options) goes to the
 *   asker alone instead.
 * - replace with a suggestion: a "did you mean" button; its answer takes the place of the message
 *   the button was on.
 * Opening a form needs no lifecycle (the form is the first response); putting a comparison to a
 * vote is a platform's own primitive (reactions on Slack, a poll on Discord).
 */
export type Intent = 'answer' | 'share' | 'replace';

/** How an adapter lays out one answer for its platform. Renderers stay pure; ids come in allocated. */
export interface Layout<M> {
  /** Seen by the asker alone (with its buttons: Share, suggestions). */
  privately(answer: Answer): M | Promise<M>;
  /** Posted for everyone (credited to whoever shared it). */
  publicly(answer: Answer): M | Promise<M>;
}

export interface AnswerPrimitives<M> {
  /** The first response, carrying the answer. */
  reply(message: M): Promise<void>;
  /** The first response without it ("Looking up…", "thinking…"). */
  defer(): Promise<void>;
  /** The answer after `defer`. */
  deliver(message: M): Promise<void>;
  /** A short failure after `defer`. */
  notify(message: M): Promise<void>;
}

export interface SharePrimitives<M> {
  /** The first response, carrying a private answer (the share could not be made). */
  reply(message: M): Promise<void>;
  /** The first response without a message. */
  defer(): Promise<void>;
  /** Posts the public copy; `first` when this is also the first response. */
  post(message: M, first: boolean): Promise<void>;
  /** A private message after the first response. */
  followUp(message: M): Promise<void>;
}

export interface ReplacePrimitives<M> {
  /** The first response without a message. */
  defer(): Promise<void>;
  /** Puts the message in place of the one the interaction came from; `first` as above. */
  replace(message: M, first: boolean): Promise<void>;
}

const errorAnswer = (error: ErrorView): Answer => ({ type: 'error', error });

/** Whether an answer is worth posting for everyone: a result, or a comparison that ranked options. */
export function isShareable(answer: Answer): boolean {
  return answer.type === 'result' || (answer.type === 'compare' && answer.result.status === 'ranked');
}

export function answerPrivately<M>(primitives: AnswerPrimitives<M>, layout: Layout<M>): ReplyChannel<Answer> {
  return {
    answerNow: async (answer) => primitives.reply(await layout.privately(answer)),
    acknowledge: () => primitives.defer(),
    // An answer that cannot be laid out still takes the place of "Looking up…", as the generic error.
    deliverLater: async (answer) => {
      let message: M;
      try {
        message = await layout.privately(answer);
      } catch (error) {
        message = await layout.privately(errorAnswer(toErrorView(error)));
      }
      await primitives.deliver(message);
    },
    deliverFailure: async (error) => primitives.notify(await layout.privately(errorAnswer(error))),
  };
}

export function sharePublicly<M>(primitives: SharePrimitives<M>, layout: Layout<M>): ReplyChannel<Answer> {
  return {
    answerNow: async (answer) =>
      isShareable(answer)
        ? primitives.post(await layout.publicly(answer), true)
        : primitives.reply(await layout.privately(answer)),
    acknowledge: () => primitives.defer(),
    deliverLater: async (answer) =>
      isShareable(answer)
        ? primitives.post(await layout.publicly(answer), false)
        : primitives.followUp(await layout.privately(answer)),
    deliverFailure: async (error) => primitives.followUp(await layout.privately(errorAnswer(error))),
  };
}

export function replaceWithAnswer<M>(
  primitives: ReplacePrimitives<M>,
  layout: Pick<Layout<M>, 'privately'>,
): ReplyChannel<Answer> {
  return {
    answerNow: async (answer) => primitives.replace(await layout.privately(answer), true),
    acknowledge: () => primitives.defer(),
    deliverLater: async (answer) => primitives.replace(await layout.privately(answer), false),
    deliverFailure: async (error) => primitives.replace(await layout.privately(errorAnswer(error)), false),
  };
}
