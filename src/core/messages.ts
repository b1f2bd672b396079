import {
  AlreadyDoneError,
  ApiKeyRefusedError,
  BadResponseError,
  type ErrorCode,
  InternalError,
  InvalidComparisonError,
  InvalidInputError,
  InvalidRecipeFormError,
  InvalidRecipeListError,
  LookupCancelledError,
  NotARecipeError,
  NotFoundError,
  RateLimitedError,
  SourceUnavailableError,
  UpstreamBudgetError,
  UpstreamError,
  UpstreamTimeoutError,
} from './errors.js';

/**
 * What a user sees when a lookup fails. The single mapping from errors to words: renderers only lay
 * this out, they never word errors themselves.
 */
export interface ErrorView {
  code: ErrorCode;
  /** One short sentence. */
  text: string;
  /** What to do next. */
  hint: string | null;
  /** "Did you mean" names, at most three. */
  suggestions: string[];
  retryAfterSeconds: number | null;
}

/** The most "did you mean" names an error shows; renderers hold to it for views built elsewhere. */
export const MAX_SUGGESTIONS = 3;

/** The example ingredient list shown wherever a list could not be read (issue #10's own example). */
export const RECIPE_LIST_EXAMPLE =
  '500g beef mince, 400g spaghetti, 1 onion, 2 x 400g tins chopped tomatoes, 2 tbsp olive oil, serves 4';

/**
 * What everyone still waiting is told when the bot stops: one line, and what to do. Code
 * 'cancelled', since the stop cancelled their work.
 */
export function restartingView(): ErrorView {
  return {
    code: 'cancelled',
    text: 'The bot is restarting, so this was not finished.',
    hint: 'Try again in a minute.',
    suggestions: [],
    retryAfterSeconds: null,
  };
}

export function toErrorView(error: unknown): ErrorView {
  const view = (code: ErrorCode, text: string, hint: string | null = null): ErrorView => ({
    code,
    text,
    hint,
    suggestions: [],
    retryAfterSeconds: null,
  });

  if (error instanceof NotFoundError) {
    if (error.outOfScope === 'trial_milk_only') {
      return view(
        error.code,
        `The trial API only covers milks, so it has no figure for "${error.query}".`,
        'Whoever installed the bot can point it at the full product API, or at the built-in catalog.',
      );
    }
    const suggestions = error.suggestions.slice(0, MAX_SUGGESTIONS);
    return {
      ...view(
        error.code,
        `No ${error.kind} found for "${error.query}".`,
        suggestions.length > 0
          ? 'Did you mean one of these?'
          : error.kind === 'dish or product'
            ? 'Check the spelling, or say which it is: `/carbon product oat milk` or `/carbon recipe lasagne`.'
            : `Check the spelling, or try a more general name (e.g. \`/carbon ${error.kind} ${error.kind === 'product' ? 'oat milk' : 'lasagne'}\`).`,
      ),
      suggestions,
    };
  }
  if (error instanceof NotARecipeError) {
    return view(
      error.code,
      error.why === 'no_quantities'
        ? 'That does not look like an ingredient list: no line has a quantity.'
        : 'No food in that list could be recognised, so there is no figure to give.',
      `Give each ingredient with its amount, separated by commas or new lines, e.g. \`/carbon recipe ${RECIPE_LIST_EXAMPLE}\`.`,
    );
  }
  if (error instanceof InvalidRecipeFormError) {
    return view(
      error.code,
      `That ${error.field === 'servings' ? 'number of servings' : 'ingredient list'} can't be used: ${error.reason}.`,
      'Put one ingredient with its amount on each line, e.g. `500g beef mince`, and servings as a number.',
    );
  }
  if (error instanceof InvalidRecipeListError) {
    return view(
      error.code,
      `That ingredient list can't be used: ${error.reason}.`,
      'Give each amount as the recipe has it (e.g. `500g beef mince`) and the servings as a number from 1 to 100 (`serves 4`).',
    );
  }
  if (error instanceof InvalidComparisonError) {
    return view(
      error.code,
      `That comparison can't be made: ${error.reason}.`,
      'Try `/carbon compare lasagne, dal, chicken curry`.',
    );
  }
  if (error instanceof InvalidInputError) {
    return view(error.code, `That name can't be looked up: ${error.reason}.`, 'Try `/carbon help`.');
  }
  if (error instanceof RateLimitedError) {
    const seconds = error.retryAfterSeconds;
    const again = seconds === null ? 'Try again in a minute.' : `Try again in ${seconds} s.`;
    const text =
      error.scope === 'user'
        ? 'Slow down: that is more commands than I take from one person in a minute.'
        : error.scope === 'workspace'
          ? 'Slow down: everyone here together has sent more commands than I take in a minute.'
          : error.scope === 'serviceKey'
            ? 'Slow down: this key has sent more requests than it may in a minute.'
            : 'The footprint service is busy right now.';
    return { ...view(error.code, text, again), retryAfterSeconds: seconds };
  }
  if (error instanceof AlreadyDoneError) {
    const where = error.link;
    return error.action === 'share'
      ? view(
          error.code,
          'This is already shared in this channel.',
          where === null ? 'It is a little further up.' : `Here it is: ${where}`,
        )
      : view(
          error.code,
          'This comparison is already up for a vote in this channel.',
          where === null ? 'Find it in the channel and vote there.' : `Vote here: ${where}`,
        );
  }
  if (error instanceof UpstreamBudgetError) {
    return view(
      error.code,
      'That needs more lookups than one command may make, so this one was not looked up.',
      'Ask about fewer things at once.',
    );
  }
  if (error instanceof ApiKeyRefusedError) {
    return view(
      error.code,
      'The footprint service refused this bot’s API key.',
      'Ask whoever installed the bot to check its API key.',
    );
  }
  if (error instanceof UpstreamTimeoutError) {
    return view(error.code, 'The footprint service took too long to answer.', 'Try again in a moment.');
  }
  if (error instanceof UpstreamError) {
    return view(error.code, 'The footprint service is having trouble.', 'Try again in a moment.');
  }
  if (error instanceof BadResponseError) {
    return view(
      error.code,
      'The footprint service sent an answer the bot could not read.',
      'Try again later; if it keeps happening, tell whoever runs the bot.',
    );
  }
  if (error instanceof LookupCancelledError) {
    return view(error.code, 'The lookup was cancelled before it finished.', 'Try again in a moment.');
  }
  if (error instanceof SourceUnavailableError) {
    return view(error.code, `Lookups are not available: ${error.reason}.`, 'Tell whoever runs the bot.');
  }
  return view(
    InternalError.code,
    'Something went wrong on our side.',
    'Try again; if it keeps happening, tell whoever runs the bot.',
  );
}
