import type { Answer } from './commands/answer.js';
import { AlreadyDoneError } from './errors.js';
import { type ErrorView, toErrorView } from './messages.js';
import type { Publication } from './once.js';
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
 * - put to a vote: a shared comparison becomes a poll everyone can answer (Discord's native poll;
 *   Slack's vote is numbered reactions on the shared message, added without a lookup).
 * Share and the vote post at most once per comparison and channel (core/once.ts): a later press
 * is answered privately with a pointer to the first post. Opening a form needs no lifecycle (the
 * form is the first response).
 */
export type Intent = 'answer' | 'share' | 'replace' | 'vote';

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

/** Where a public post went (`link` when the platform gives one), or null when posting failed (the user was told). */
export type Posted = { link: string | null } | null;

/** Claims posting in the interaction's channel (AnswerOnce.publication, bound to what is posted). */
export type PublicationClaim = () => Promise<Publication>;

/** No claim to make (a platform without channels, a test): every post is the first. */
const UNCLAIMED: PublicationClaim = async () => ({
  first: true,
  done: async () => {},
  failed: async () => {},
});

export interface SharePrimitives<M> {
  /** The first response, carrying a private answer (the share could not be made). */
  reply(message: M): Promise<void>;
  /** The first response without a message. */
  defer(): Promise<void>;
  /** Posts the public copy; `first` when this is also the first response. */
  post(message: M, first: boolean): Promise<Posted>;
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

/**
 * Posts once, as `claim` decides: the first press posts (and records where), a later one gets `elsewhere`
 * with a pointer to the first post; a post that fails releases the claim so pressing again can post.
 */
async function postOnce(
  claim: PublicationClaim,
  action: 'share' | 'vote',
  post: () => Promise<Posted>,
  elsewhere: (already: Answer) => Promise<void>,
): Promise<void> {
  const publication = await claim();
  if (!publication.first) {
    await elsewhere(errorAnswer(toErrorView(new AlreadyDoneError(action, publication.link))));
    return;
  }
  let posted: Posted;
  try {
    posted = await post();
  } catch (error) {
    await publication.failed();
    throw error;
  }
  if (posted === null) await publication.failed();
  else await publication.done(posted.link);
}

export function sharePublicly<M>(
  primitives: SharePrimitives<M>,
  layout: Layout<M>,
  claim: PublicationClaim = UNCLAIMED,
): ReplyChannel<Answer> {
  return {
    answerNow: async (answer) => {
      if (!isShareable(answer)) return primitives.reply(await layout.privately(answer));
      await postOnce(
        claim,
        'share',
        async () => primitives.post(await layout.publicly(answer), true),
        async (already) => primitives.reply(await layout.privately(already)),
      );
    },
    acknowledge: () => primitives.defer(),
    deliverLater: async (answer) => {
      if (!isShareable(answer)) return primitives.followUp(await layout.privately(answer));
      await postOnce(
        claim,
        'share',
        async () => primitives.post(await layout.publicly(answer), false),
        async (already) => primitives.followUp(await layout.privately(already)),
      );
    },
    deliverFailure: async (error) => primitives.followUp(await layout.privately(errorAnswer(error))),
  };
}

export interface VotePrimitives<M> {
  /** The first response: the poll, for everyone. */
  open(message: M): Promise<Posted>;
  /** The first response, privately (no poll: an error, or the vote is already open). */
  reply(message: M): Promise<void>;
  /** The first response without a message, public like the poll that follows. */
  defer(): Promise<void>;
  /** The poll after `defer`. */
  deliver(message: M): Promise<Posted>;
  /** A message after `defer` that is not the poll (an error, a pointer to the open vote). */
  notify(message: M): Promise<void>;
}

export interface VoteLayout<M> {
  /** The poll a ranked comparison becomes; null for any other answer. */
  poll(answer: Answer): M | null;
  privately(answer: Answer): M;
}

/** "Put to a vote": the comparison again, as a poll, opened once per comparison and channel. */
export function putToVote<M>(
  primitives: VotePrimitives<M>,
  layout: VoteLayout<M>,
  claim: PublicationClaim = UNCLAIMED,
): ReplyChannel<Answer> {
  return {
    answerNow: async (answer) => {
      const poll = layout.poll(answer);
      if (poll === null) return primitives.reply(layout.privately(answer));
      await postOnce(
        claim,
        'vote',
        () => primitives.open(poll),
        async (already) => primitives.reply(layout.privately(already)),
      );
    },
    acknowledge: () => primitives.defer(),
    deliverLater: async (answer) => {
      const poll = layout.poll(answer);
      if (poll === null) return primitives.notify(layout.privately(answer));
      await postOnce(
        claim,
        'vote',
        () => primitives.deliver(poll),
        async (already) => primitives.notify(layout.privately(already)),
      );
    },
    deliverFailure: async (error) => primitives.notify(layout.privately(errorAnswer(error))),
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
