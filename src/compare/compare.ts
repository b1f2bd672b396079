import type { Logger } from 'pino';
import { logLookupFailure } from '../core/lookup.js';
import { type ErrorView, toErrorView } from '../core/messages.js';
import type { LookupOptions, LookupSource } from '../core/source.js';
import { doubtOf } from './certainty.js';
import { createDishComposer, type DishComposer } from './compose.js';
import { reordersOf } from './datasets.js';
import { loadDishTemplates } from './dish-templates.js';
import type { CarEquivalence } from './equivalence.js';
import { catalogFoodJudge } from './food-judge.js';
import type { FoodKnowledge } from './knowledge.js';
import { type FoodJudge, type ReadMenu, readMenu } from './menu.js';
import { alternation, loadMenuWords } from './menu-words.js';
import type { CompareResult } from './model.js';
import { type CompareItemInput, MIN_OPTIONS, parseCompareText } from './parse.js';
import { loadPortionNorms } from './portion-norms.js';
import { chooseFooting, type DishServingOf, differenceOf, rankPlaced } from './rank.js';
import {
  type FoundResolution,
  type IngredientListEstimator,
  type PortionWeights,
  resolveItem,
} from './resolve.js';
import { loadServings, productServings, SERVINGS_CREDIT, type ServingOf } from './servings.js';
import { createStatedChecks } from './stated.js';
import { builtInstead, type Understanding } from './understand.js';

export interface CompareDeps {
  source: LookupSource;
  car: CarEquivalence;
  logger: Logger;
  /** The ingredient-list reader (src/recipes); without it an option in parentheses is not understood. */
  ingredients?: IngredientListEstimator;
  /** Typical portion weights of ingredients (src/recipes, FNDDS), used before their kind's serving. */
  portions?: PortionWeights;
  /** A product's serving (servings.ts); by default from data/servings.json and `portions`. */
  servings?: ServingOf;
  /**
   * The built-in catalog's knowledge of foods (knowledge.ts), whatever the lookup source: it judges
   * what a posted message's options are, reads what an option states and prices dishes built from
   * their parts. Without it a message is read by its structure alone and options only looked up.
   */
  catalog?: () => FoodKnowledge;
}

/** What a compare renderer may be asked to show. */
export type CompareReply = { type: 'compare'; result: CompareResult } | { type: 'error'; error: ErrorView };

export interface CompareRequestOptions extends LookupOptions {
  people?: number | null;
  /** Set by the menu reader when it kept only the first options of a longer menu. */
  capped?: CompareResult['capped'];
}

/** Looks every option up at once, puts them on one footing and ranks them lowest first. Never throws. */
export async function compareItems(
  items: CompareItemInput[],
  deps: CompareDeps,
  options: CompareRequestOptions = {},
): Promise<CompareResult> {
  const people = options.people ?? null;
  const lookup: LookupOptions = options.signal === undefined ? {} : { signal: options.signal };
  const understanding = understandingOf(deps);
  const resolutions = await Promise.all(
    items.map((item) =>
      resolveItem(item, deps.source, deps.ingredients, lookup, understanding).catch((error: unknown) => ({
        status: 'failed' as const,
        input: item.text,
        error: toErrorView(error),
        cause: error,
      })),
    ),
  );
  const found: FoundResolution[] = [];
  const result: CompareResult = {
    kind: 'compare',
    status: 'too_few',
    basis: 'serving',
    basisText: '',
    people,
    ranked: [],
    difference: null,
    notFound: [],
    notUnderstood: [],
    notRanked: [],
    failed: [],
    reorders: [],
    capped: options.capped ?? null,
    source: null,
  };
  for (const resolution of resolutions) {
    switch (resolution.status) {
      case 'found': {
        // Only what is understood is ranked: a guess goes with what to name instead (certainty.ts).
        const doubt = understanding === undefined ? null : doubtOf(resolution, understanding);
        if (doubt === null) {
          found.push(resolution);
          break;
        }
        // A doubted guess gives way to the dish its name names, built from its own words, when
        // that is understood (understand.ts builtInstead).
        const built =
          understanding === undefined || resolution.takenAs === 'composed dish'
            ? null
            : builtInstead(resolution.input, understanding);
        if (built?.status === 'found' && doubtOf(built, understanding!) === null) found.push(built);
        else result.notUnderstood.push({ input: resolution.input, reason: doubt.reason });
        break;
      }
      case 'not_found':
        result.notFound.push({ input: resolution.input, suggestions: resolution.suggestions });
        break;
      case 'not_understood':
        result.notUnderstood.push({ input: resolution.input, reason: resolution.reason });
        break;
      case 'failed':
        logLookupFailure(deps.logger, resolution.cause, {
          operation: 'compare',
          name: resolution.input.slice(0, 200),
        });
        result.failed.push({ input: resolution.input, error: resolution.error });
        break;
    }
  }
  const footing = chooseFooting(found, servingsOf(deps), dishServingsOf(deps));
  result.basis = footing.basis;
  result.basisText = footing.basisText;
  result.notRanked = footing.notRanked;
  result.ranked = rankPlaced(footing.placed);
  result.reorders = reordersOf(result.ranked);
  result.status = result.ranked.length >= MIN_OPTIONS ? 'ranked' : 'too_few';
  result.difference =
    result.status === 'ranked' ? differenceOf(result.ranked, footing.basis, people, deps.car) : null;
  result.source = found[0]?.result.source ?? null;
  return result;
}

/** The text after `compare`, parsed and compared; a parse failure is an error reply. Never throws. */
export async function handleCompareText(
  text: string,
  deps: CompareDeps,
  options: LookupOptions = {},
): Promise<CompareReply> {
  let request: ReturnType<typeof parseCompareText>;
  try {
    request = parseCompareText(text, foodJudge(deps));
  } catch (error) {
    logLookupFailure(deps.logger, error, { operation: 'compare', text: text.slice(0, 300) });
    return { type: 'error', error: toErrorView(error) };
  }
  const result = await compareItems(request.items, deps, { ...options, people: request.people });
  return { type: 'compare', result };
}

/**
 * "Rate this menu": a posted message's lines compared as options (menu.ts reads them). A menu of more
 * than ten options is cut to its first ten and the result says so. Never throws.
 */
export async function rateMenu(
  message: string,
  deps: CompareDeps,
  options: LookupOptions = {},
): Promise<CompareResult> {
  const menu = readPostedMenu(message, deps);
  // Reading a long message takes tens of milliseconds: others' commands go first before the lookups.
  await new Promise((resolve) => setImmediate(resolve));
  return compareItems(menu.options, deps, { ...options, capped: cappedOf(menu) });
}

/** A posted message read into options, the catalog judging which candidates read as food. */
export function readPostedMenu(message: string, deps: Pick<CompareDeps, 'catalog'>): ReadMenu {
  return readMenu(message, foodJudge(deps));
}

/** The built-in catalog's judge of what reads as food, for one message or command; none without it. */
export function foodJudge(deps: Pick<CompareDeps, 'catalog'>): FoodJudge | undefined {
  const catalog = deps.catalog?.();
  return catalog === undefined ? undefined : catalogFoodJudge(catalog, composerOf(catalog));
}

/**
 * The serving of the kind of dish a name reads as, by the dish composer's types (a "Chana masala" is a
 * curry, served as a meal; "Prepared potatoes salad" a salad): none without the built-in catalog, whose
 * composer reads the name.
 */
function dishServingsOf(deps: CompareDeps): DishServingOf | undefined {
  const catalog = deps.catalog?.();
  if (catalog === undefined) return undefined;
  const composer = composerOf(catalog);
  const servings = loadServings();
  return (name, product) => {
    const reading = composer.read(name);
    if (!reading.byType || reading.template === null) return null;
    // A product is known by its name alone: one naming only plants is a side ("Prepared potatoes
    // salad"). A named dish is what its recipe holds, whatever its name says ("Greek salad" has feta).
    const group =
      servings.groups[
        product ? (composer.servingGroup(reading) ?? reading.template.serving) : reading.template.serving
      ];
    return group === undefined ? null : { grams: group.grams, label: `${group.label}, ${SERVINGS_CREDIT}` };
  };
}

/** A product's serving: the deps' own, or data/servings.json's with the deps' portion weights. */
function servingsOf(deps: CompareDeps): ServingOf {
  return deps.servings ?? productServings(loadServings(), deps.portions);
}

const composers = new WeakMap<FoodKnowledge, DishComposer>();

/** The dish composer over a catalog, built once per catalog. */
function composerOf(catalog: FoodKnowledge): DishComposer {
  let composer = composers.get(catalog);
  if (composer === undefined) {
    composer = createDishComposer(loadDishTemplates(), loadServings(), catalog, loadPortionNorms());
    composers.set(catalog, composer);
  }
  return composer;
}

/**
 * Reading what an option states and building dishes from their parts, from the built-in catalog
 * whatever the lookup source: its matcher reads the words, its foods price the parts. None without
 * the catalog: options are then only looked up.
 */
export function understandingOf(deps: CompareDeps): Understanding | undefined {
  const catalog = deps.catalog?.();
  if (catalog === undefined) return undefined;
  const servingOf = servingsOf(deps);
  const diets = new RegExp(
    `\\s*\\((?:${alternation(Object.keys(loadMenuWords().dietMarks).filter((diet) => diet !== ''))})(?:\\s*,\\s*[^()]*)?\\)`,
    'gi',
  );
  return {
    composer: composerOf(catalog),
    templates: loadDishTemplates(),
    checks: createStatedChecks(loadDishTemplates(), (text) => catalog.animalsIn(text)),
    isMeal: (product) => servingOf(product)?.meal === true,
    served: (product) => servingOf(product) !== null,
    isDrink: (template) => loadServings().groups[template.serving]?.drink === true,
    withoutDiet: (text) => text.replace(diets, '').trim() || text,
    catalog,
  };
}

/** What the result says when a menu had more options than are compared at once. */
export function cappedOf(menu: ReadMenu): CompareResult['capped'] {
  return menu.total > menu.options.length ? { compared: menu.options.length, total: menu.total } : null;
}
