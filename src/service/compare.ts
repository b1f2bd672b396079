import type { CompareResult } from '../compare/model.js';
import type { ErrorView } from '../core/messages.js';
import type { HandlerContext } from '../core/pipeline.js';
import type { RecipeResult } from '../core/result.js';
import { type Prepared, prepareError, prepareJson } from './responses.js';

/**
 * What `carbon serve` asks of comparisons: the same handlers `/carbon compare`, "Rate this menu" and
 * `/carbon recipe` answer with, built by the app from its one set of compare dependencies
 * (src/app/service-compare.ts) and given to the service, which imports no app code.
 */
export interface ServiceCompare {
  /** The longest texts taken, in characters: the command registry's compare and menu options. */
  limits: { text: number; menu: number };
  /** The text after `compare` ("a, b vs c for 8 people"), as `carbon compare --json` answers it. */
  text(text: string, context: HandlerContext): Promise<ComparisonAnswer>;
  /** A posted message read as a menu, as "Rate this menu" and `carbon menu --json` answer it. */
  menu(message: string, context: HandlerContext): Promise<ComparisonAnswer>;
  /** A dish by name, as `/carbon recipe` answers it, with how it was taken. */
  dish(name: string, context: HandlerContext): Promise<DishAnswer>;
}

export type ComparisonAnswer =
  | { type: 'compare'; result: CompareResult }
  | { type: 'error'; error: ErrorView };

/** `dish`: the catalog's named dish (as named, or changed to keep what the name states); `composed dish`: built from its parts. */
export type DishTakenAs = 'dish' | 'composed dish';

export type DishAnswer =
  | {
      type: 'dish';
      result: RecipeResult;
      takenAs: DishTakenAs;
      /** How it was built or changed ("a curry recipe with beef"); null for a named dish as it is. */
      how: string | null;
    }
  | { type: 'error'; error: ErrorView; cause?: unknown };

/**
 * A user's error as this API answers it (status, code, the bot's own sentence, suggestions), or null
 * for a failure that is ours: the caller logs it and answers 500. Hints are left out: they name chat
 * commands, which mean nothing to an API client.
 */
export function userError(view: ErrorView): Prepared | null {
  switch (view.code) {
    case 'not_found':
      return prepareError(404, 'not_found', view.text, view.suggestions);
    case 'invalid_input':
    case 'not_a_recipe':
      return prepareError(400, 'invalid_parameter', view.text);
    default:
      return null;
  }
}

/**
 * A comparison's answer: 200 with the CompareResult document when at least two options were ranked;
 * 400 `too_few` otherwise, its message giving each option's reason and the document beside it, so a
 * script sees what `carbon compare --json` would have printed. Null when the comparison failed on
 * our side (a lookup failed, so too few were ranked): the caller logs it and answers 500.
 */
export function comparisonAnswer(
  answer: ComparisonAnswer,
  headers: Record<string, string> = {},
): Prepared | null {
  if (answer.type === 'error') return userError(answer.error);
  const { result } = answer;
  if (result.status === 'ranked') return prepareJson(200, result, headers);
  if (result.failed.length > 0) return null;
  const suggestions = [...new Set(result.notFound.flatMap((item) => item.suggestions))];
  return {
    ...prepareError(400, 'too_few', tooFewMessage(result), suggestions, {}, { comparison: result }),
    outcome: 'too_few',
  };
}

/** "Only one option could be compared (Lasagne): at least two are needed. "qqq": not found; …" */
export function tooFewMessage(result: CompareResult): string {
  const read = result.ranked.length + result.notFound.length + result.notUnderstood.length;
  const lead =
    result.ranked.length === 1
      ? `Only one option could be compared (${result.ranked[0]!.name})`
      : read + result.notRanked.length === 0
        ? 'No options were read from the text'
        : 'None of the options could be compared';
  const reasons = [
    ...result.notFound.map((item) => `"${item.input}": not found`),
    ...result.notUnderstood.map((item) => `"${item.input}": ${clause(item.reason)}`),
    ...result.notRanked.map((item) => `"${item.input}" (${item.name}): ${clause(item.reason)}`),
  ];
  return `${lead}: at least two are needed.${reasons.length === 0 ? '' : ` ${reasons.join('; ')}.`}`;
}

/** A reason as a clause of the message: its own closing full stop comes off. */
function clause(reason: string): string {
  return reason.endsWith('.') ? reason.slice(0, -1) : reason;
}
