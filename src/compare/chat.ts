import { z } from 'zod';
import { logLookupFailure, type Reply } from '../core/lookup.js';
import { toErrorView } from '../core/messages.js';
import type { ErrorReply, HandlerContext, RequestHandler } from '../core/pipeline.js';
import {
  type CompareDeps,
  cappedOf,
  compareItems,
  foodJudge,
  readPostedMenu,
  understandingOf,
} from './compare.js';
import { lookupDish, lookupEither } from './either.js';
import { type CompareResult, CompareResultSchema } from './model.js';
import {
  type CompareItemInput,
  MAX_OPTIONS,
  MAX_PEOPLE,
  MIN_OPTIONS,
  parseCompareText,
  readItem,
} from './parse.js';

/**
 * Compare as chat request kinds, for the pipeline (src/core/pipeline.ts): the text after
 * `/carbon compare`, a posted menu ("Rate this menu"), and a comparison run again from its options
 * (Share, the vote). Each reply carries the options it compared, so a platform can put them on its
 * Share button and run the same comparison again when it is pressed, as a lookup's Share does.
 */

/** What a comparison was asked for: the options as read, the group size, and a menu's cut. */
export const ComparisonRequestSchema = z.object({
  items: z
    .array(z.object({ text: z.string().min(1).max(2000), hint: z.enum(['auto', 'dish', 'product']) }))
    .min(MIN_OPTIONS)
    .max(MAX_OPTIONS),
  people: z.number().int().min(1).max(MAX_PEOPLE).nullable(),
  capped: CompareResultSchema.shape.capped,
  /** Menu lines are names, never ingredient lists, whatever parentheses they hold. */
  menu: z.boolean(),
});
export type ComparisonRequest = z.infer<typeof ComparisonRequestSchema>;

export type ChatCompareReply =
  | { type: 'compare'; result: CompareResult; request: ComparisonRequest }
  | ErrorReply;

export interface ChatCompareHandlers {
  /** The text after `compare`: "a, b, c", "a vs b", "… for 12 people". */
  text: RequestHandler<string, ChatCompareReply>;
  /** A posted message's text, read as a menu. */
  menu: RequestHandler<string, ChatCompareReply>;
  /** The same comparison again (Share, the vote). */
  again: RequestHandler<ComparisonRequest, ChatCompareReply>;
  /** One name, taken as a dish or a product as a comparison would take it (either.ts). */
  either: (name: string, context: HandlerContext) => Promise<Reply>;
  /** A dish by name; from the built-in catalog, built from its parts when no named dish fits (either.ts). */
  dish: (name: string, context: HandlerContext) => Promise<Reply>;
}

/**
 * The compare service core's commands answer with (CompareService in src/core/commands/define.ts).
 * `deps` is called per request, so data files are read on first use and a missing one is an error reply. */
export function createChatCompareHandlers(deps: () => CompareDeps): ChatCompareHandlers {
  const run = async (
    items: CompareItemInput[],
    people: number | null,
    capped: ComparisonRequest['capped'],
    menu: boolean,
    { signal }: HandlerContext,
  ): Promise<ChatCompareReply> => {
    const result = await compareItems(items, deps(), { signal, people, capped });
    // compareItems turns each option's failure into a line of the result; a comparison cut short
    // by the bot stopping is the pipeline's to answer (the "restarting" line), not a partial card.
    if (signal.aborted) return { type: 'error', error: toErrorView(signal.reason) };
    const request = { items: items.map(({ text, hint }) => ({ text, hint })), people, capped, menu };
    return { type: 'compare', result, request };
  };
  return {
    text: async (text, context) => {
      let parsed: ReturnType<typeof parseCompareText>;
      try {
        parsed = parseCompareText(text, foodJudge(deps()));
      } catch (error) {
        logLookupFailure(context.logger, error, { operation: 'compare', text: text.slice(0, 300) });
        return { type: 'error', error: toErrorView(error) };
      }
      return run(parsed.items, parsed.people, null, false, context);
    },
    menu: async (message, context) => {
      const menu = readPostedMenu(message, deps());
      // Reading a long message takes tens of milliseconds: others' commands go first before the lookups.
      await new Promise((resolve) => setImmediate(resolve));
      return run(menu.options, null, cappedOf(menu), true, context);
    },
    again: (request, context) =>
      run(
        request.items.map(({ text, hint }) => ({
          ...readItem(text),
          hint,
          ...(request.menu ? { ingredients: null } : {}),
        })),
        request.people,
        request.capped,
        request.menu,
        context,
      ),
    either: (name, { signal }) => {
      const resolved = deps();
      return lookupEither(name, resolved.source, resolved.ingredients, { signal }, understandingOf(resolved));
    },
    dish: async (name, { signal, logger }) => {
      const resolved = deps();
      // The API answers names itself: the composer is used with the built-in catalog only.
      const understanding = resolved.source.id === 'catalog' ? understandingOf(resolved) : undefined;
      const reply = await lookupDish(name, resolved.source, { signal }, understanding);
      if (reply.type === 'error')
        logger.debug({ kind: 'recipe', name: name.slice(0, 200), code: reply.error.code }, 'lookup missed');
      return reply;
    },
  };
}
