import { MAX_NAME_LENGTH } from '../core/command.js';
import { isCarbonError, NotFoundError } from '../core/errors.js';
import { foldWords } from '../core/fold.js';
import { MAX_SUGGESTIONS, toErrorView } from '../core/messages.js';
import type { LookupOptions, LookupSource } from '../core/source.js';
import type { CompareItemInput } from './parse.js';
import type { IngredientListEstimator, Resolution } from './resolution.js';
import { type Understanding, understand } from './understand.js';

export type {
  FoundResolution,
  IngredientListEstimator,
  PortionWeights,
  Resolution,
} from './resolution.js';
export type { Understanding } from './understand.js';

export const NO_INGREDIENT_READER =
  'ingredient lists in parentheses cannot be read yet; give a dish or product name';

/** Words that join a dish's name without adding to it ("fish and chips", "fish & chips"). */
const LINKING_WORDS = new Set(['and', 'with', 'the', 'of', 'in', 'a']);

export async function resolveItem(
  item: CompareItemInput,
  source: LookupSource,
  ingredients: IngredientListEstimator | undefined,
  options: LookupOptions = {},
  /** Reading what an option states and building dishes from parts; without it, options are only looked up. */
  understanding?: Understanding,
): Promise<Resolution> {
  const input = item.text;
  if ([...input].length > MAX_NAME_LENGTH) {
    return { status: 'not_understood', input, reason: `names are limited to ${MAX_NAME_LENGTH} characters` };
  }
  if (item.ingredients !== null) {
    if (ingredients === undefined) return { status: 'not_understood', input, reason: NO_INGREDIENT_READER };
    const label = input.replace(/\([^()]*\)/, '').trim() || 'Your dish';
    try {
      const result = await ingredients.estimate(label, item.ingredients, options);
      return { status: 'found', input, takenAs: 'ingredient list', reason: null, result };
    } catch (error) {
      return missed(input, [error]);
    }
  }
  if (item.hint === 'dish' && understanding === undefined) {
    const [dish] = await Promise.allSettled([source.lookupRecipe(input, options)]);
    if (dish.status === 'fulfilled')
      return { status: 'found', input, takenAs: 'dish', reason: null, result: dish.value };
    return missed(input, [dish.reason]);
  }
  if (item.hint === 'product') {
    const [product] = await Promise.allSettled([source.lookupProduct(input, options)]);
    if (product.status === 'fulfilled')
      return { status: 'found', input, takenAs: 'product', reason: null, result: product.value };
    return missed(input, [product.reason]);
  }
  if (understanding === undefined) return lookUp(input, input, source, options);
  // "dish: …" and `/carbon recipe`: dishes only, read as any option is.
  const kinds: Kinds = item.hint === 'dish' ? 'dish' : 'both';
  // What the option states is read from all of it; what is looked up leaves out a stated diet,
  // then, if that finds nothing, the description in brackets ("Beef pho (hot, served in flasks)").
  const asTyped = understanding.withoutDiet(input);
  let typed = await lookUp(input, asTyped, source, options, kinds);
  const bare = asTyped
    .replace(/\([^()]*\)/g, ' ')
    .replace(/\s\+\s/g, ' with ')
    .replace(/\s+/g, ' ')
    .trim();
  if (typed.status === 'not_found' && bare !== asTyped && bare !== '') {
    const again = await lookUp(input, bare, source, options, kinds);
    if (again.status === 'found') typed = again;
  }
  // A dish built from all its parts comes before a food found by setting some aside.
  if (typed.status === 'not_found' && understanding.composer.compose(input) === null)
    typed = (await withoutQualifier(input, bare || asTyped, source, options, understanding, kinds)) ?? typed;
  return understand(input, typed, understanding);
}

/** The catalog category of nuts and seeds (Agribalyse). */
const NUTS = 'Nuts and seeds';
/** At most this many words before a food are set aside to find it ("fresh mint lemonade"). */
const MAX_SET_ASIDE = 2;

/**
 * A food named with a qualifier the catalog does not have ("pistachio baklava", "fresh mint
 * lemonade"): the food without its first words, when they are a style or plant foods the reader
 * knows. A stated meat, fish, dairy or egg, or a word the reader does not know (which may name the
 * main: "burrata and tomatoes"), is never set aside. At most MAX_SET_ASIDE more lookups.
 */
async function withoutQualifier(
  input: string,
  text: string,
  source: LookupSource,
  options: LookupOptions,
  understanding: Understanding,
  kinds: Kinds,
): Promise<Resolution | null> {
  const words = text.split(/\s+/).filter((word) => word !== '');
  for (let k = 1; k <= MAX_SET_ASIDE && k < words.length; k++) {
    const setAside = words.slice(0, k).join(' ');
    const reading = understanding.composer.read(setAside);
    // Nuts are a flavour here ("pistachio baklava"); tofu, meat, fish, cheese and egg are what it is.
    const flavour = (food: (typeof reading.mains)[number]) =>
      food.kind === 'plant' || understanding.catalog.food(food.code)?.category === NUTS;
    if (reading.template !== null || reading.unknown.length > 0 || !reading.mains.every(flavour)) return null;
    const rest = words.slice(k).join(' ');
    if (LINKING_WORDS.has(foldWords(words[k]!))) continue;
    const again = await lookUp(input, rest, source, options, kinds);
    if (again.status === 'found')
      return {
        ...again,
        reason: `closest: "${setAside}" set aside, as the catalog has no such item`,
        setAside,
      };
  }
  return null;
}

/**
 * Looks an option up as a dish and as a product (`text`, reported as `input`). The rule for a bare
 * word that is both ("chicken", "burger"): the closer match wins; on a tie the dish wins if it is
 * named as typed, because a channel choosing what to eat is choosing meals.
 */
/** What an option is looked up as: a dish or a product, or ("dish: …", `/carbon recipe`) a dish only. */
type Kinds = 'both' | 'dish';

async function lookUp(
  input: string,
  text: string,
  source: LookupSource,
  options: LookupOptions,
  kinds: Kinds = 'both',
): Promise<Resolution> {
  const [dish, product] = await Promise.allSettled([
    source.lookupRecipe(text, options),
    kinds === 'dish'
      ? Promise.reject(new NotFoundError('recipe', text))
      : source.lookupProduct(text, options),
  ]);
  if (dish.status === 'fulfilled' && product.status === 'fulfilled') {
    const dishScore = dish.value.confidence ?? 1;
    const productScore = product.value.confidence ?? 1;
    // On a tie, a dish whose name adds words to what was typed ("chicken" finds "Chicken dinner") is
    // a guess; "beef lasagne" finding "Lasagne" is not.
    const typed = new Set(foldWords(text).split(' '));
    const dishWords = foldWords(dish.value.name).split(' ');
    const dishAddsWords = dishWords.some((word) => !typed.has(word) && !LINKING_WORDS.has(word));
    if (productScore > dishScore || (productScore === dishScore && dishAddsWords)) {
      return {
        status: 'found',
        input,
        takenAs: 'product',
        reason:
          productScore > dishScore
            ? 'closer to a product than to a dish'
            : 'both a dish and a product; the dish found is only a guess',
        result: product.value,
      };
    }
    return {
      status: 'found',
      input,
      takenAs: 'dish',
      reason:
        productScore === dishScore
          ? 'both a dish and a product; dishes win ties'
          : 'closer to a dish than to a product',
      result: dish.value,
    };
  }
  if (dish.status === 'fulfilled')
    return { status: 'found', input, takenAs: 'dish', reason: 'no product by that name', result: dish.value };
  if (product.status === 'fulfilled')
    return {
      status: 'found',
      input,
      takenAs: 'product',
      reason: 'no dish by that name',
      result: product.value,
    };
  return missed(input, [dish.reason, product.reason]);
}

/** Not found when every lookup said so (suggestions merged); otherwise the first real failure. */
export function missed(input: string, errors: unknown[]): Resolution {
  const failure = errors.find((error) => !(error instanceof NotFoundError) || error.outOfScope !== undefined);
  if (failure === undefined) {
    const suggestions = [...new Set(errors.flatMap((error) => (error as NotFoundError).suggestions))];
    return { status: 'not_found', input, suggestions: suggestions.slice(0, MAX_SUGGESTIONS) };
  }
  if (isCarbonError(failure) && failure.code === 'invalid_input') {
    return { status: 'not_understood', input, reason: toErrorView(failure).text };
  }
  return { status: 'failed', input, error: toErrorView(failure), cause: failure };
}
