import { NotARecipeError } from '../core/errors.js';
import { CLIMATE_FRIENDLY_MAX_KG_PER_SERVING, recipeLevel } from '../core/levels.js';
import type { Contributor, IngredientLine, IngredientListResult } from '../core/result.js';
import { type DishIngredients, dishSourcesOf, onDishFigures } from '../figures/dish.js';
import { CATALOG_SOURCE_INFO } from '../sources/catalog/catalog.js';
import type { Catalog, FoodMatch } from '../sources/catalog/types.js';
import { checkLineGrams, checkPerServing, checkServings } from './bounds.js';
import { type Amount, packAfterFood, parseLine } from './line.js';
import { hasQuantity, MAX_RECIPE_PARTS, readListText } from './list-text.js';
import { singularWords } from './phrases.js';
import type { PortionTable } from './portions.js';
import type { StandInTable } from './stand-ins.js';
import { weigh } from './weigh.js';
import { listVocabulary } from './words.js';

/**
 * A recipe's footprint from its ingredient list, with the built-in catalog's product matcher for each
 * line. Source-independent: the GreenSwapp API only takes dish names, so lists are always computed
 * here, whichever source answers names.
 */

/** Below this share of the weight understood, the figure is called incomplete (issue #10: "about 90%"). */
export const INCOMPLETE_BELOW = 0.9;
/**
 * The words of a line's food tried against the catalog: 99% of the catalog's product names and aliases
 * have at most 12 words, and a longer description would make the suffix tries below grow with it.
 */
const MAX_FOOD_WORDS = 12;
/** A first line is a title only when it names a dish this clearly (an exact name or alias scores 1). */
const TITLE_CONFIDENCE = 0.95;

export interface RecipeComputer {
  /** Throws NotARecipeError when no line has a quantity or no food is recognised. */
  compute(text: string): IngredientListResult;
}

type FoodMatcher = Pick<Catalog, 'matchFood' | 'findRecipe' | 'figures' | 'basis'> &
  Partial<Pick<Catalog, 'food'>>;

/**
 * The catalog food a line names: the whole description, then the portion table's name for it
 * ("garlic cloves" → garlic), then without its first words ("Chinese rice vinegar" → "rice vinegar").
 */
function findFood(
  catalog: FoodMatcher,
  food: string,
  portionName: string | null,
  standIns: StandInTable,
): FoodMatch | null {
  if (food === '') return null;
  // A food's name is a few words; a long description is cut so that matching stays bounded.
  const words = food.split(' ').slice(0, MAX_FOOD_WORDS);
  const tries = [words.join(' ')];
  if (portionName !== null) tries.push(portionName);
  for (let i = 1; i < Math.min(words.length, MAX_FOOD_WORDS); i++) tries.push(words.slice(i).join(' '));
  for (const attempt of tries) {
    // The matcher's clear answer stands; where it has none, only a closest one, or one that shares no
    // word with the line ("brisket" as veal breast, "yeast" as sourdough bread), a reviewed ingredient
    // named word for word is taken instead; so it is over a clear answer that drops one of the line's
    // words ("chocolate chips" as "Chips").
    const match = catalog.matchFood(attempt);
    const clear = match !== null && !match.closest && sharesAWord(match.name, attempt);
    if (clear && hasEveryWord(match.name, attempt)) return match;
    const ingredient = standInMatch(catalog, standIns, attempt);
    if (ingredient !== null) return ingredient;
    if (match !== null) return match;
  }
  return null;
}

/** Whether a match's name has a word of what was asked: "Veal, breast" for "brisket" has none. */
function sharesAWord(name: string, asked: string): boolean {
  const words = new Set(singularWords(asked));
  return singularWords(name).some((word) => words.has(word));
}

/** Whether a match's name has every word of what was asked: "Chips" for "chocolate chips" has not. */
function hasEveryWord(name: string, asked: string): boolean {
  const words = new Set(singularWords(name));
  return singularWords(asked).every((word) => words.has(word));
}

/** The catalog's item for a reviewed ingredient the description names, as a match; null when none. */
function standInMatch(catalog: FoodMatcher, standIns: StandInTable, description: string): FoodMatch | null {
  const ingredient = standIns.find(description);
  if (ingredient === null || catalog.food === undefined) return null;
  const item = catalog.food(ingredient.agb);
  if (item === null) return null;
  return {
    name: item.name,
    code: item.code,
    kgCo2ePerKg: item.kgCo2ePerKg,
    densityKgPerL: null,
    confidence: 1,
    // A stand-in is the closest food Agribalyse has, and the line says so.
    closest: ingredient.standIn === true,
  };
}

/** A title is a heading, not a paragraph: longer first parts are read as ingredients. */
const MAX_TITLE_LENGTH = 80;

/**
 * "Cottage pie | 500g beef mince | …", "Black bean tacos\n2 (15 oz) cans black beans\n…": a first part
 * with no quantity, before at least two that have one, is the recipe's title rather than an ingredient
 * unless it names one food clearly ("Garlic", "Olive oil") that no later line weighs; a clear dish name
 * ("Coq au vin") is a title even when it is also a food, and so is "Roast duck" above "1 whole duck".
 * The answer's name shows it, so it is never lost.
 */
function dishTitle(parts: readonly string[], catalog: FoodMatcher): string | null {
  const first = parts[0]?.replace(/[:.\s]+$/, '');
  if (first === undefined || first.length > MAX_TITLE_LENGTH || hasQuantity(first)) return null;
  // Only the lines that are read count: a 40,000-character text is not parsed in full for a title.
  const read = parts.slice(1, MAX_RECIPE_PARTS + 1);
  if (read.filter(hasQuantity).length < 2) return null;
  if (parseLine(first).amount.kind !== 'none') return null;
  try {
    // A clear dish name only: the dish matcher reads "Ground beef" as tacos at 0.74.
    if ((catalog.findRecipe(first).confidence ?? 0) >= TITLE_CONFIDENCE) return display(first);
  } catch {
    // Not a dish the catalog names; it may still be a title.
  }
  const food = catalog.matchFood(first);
  const clearFood = food !== null && !food.closest && food.confidence >= TITLE_CONFIDENCE;
  if (!clearFood) return display(first);
  // "Fish pie" above "2 cod fillets": a whole dish named without an amount is what the list makes.
  const category = catalog.food?.(food.code)?.category;
  if (category !== undefined && listVocabulary().words.titleCategories.includes(category))
    return display(first);
  // "Roast duck" above "1 whole duck (about 2 kg)": a dish named after a food the list then weighs.
  const titleWords = new Set(singularWords(first));
  const named = read.some((part) => singularWords(parseLine(part).food).some((word) => titleWords.has(word)));
  return named ? display(first) : null;
}

function display(text: string): string {
  const shown = text.replace(/\s+/g, ' ').trim();
  return shown.length > 200 ? `${shown.slice(0, 199)}…` : shown;
}

export interface Line extends IngredientLine {
  /** Skipped lines whose weight is unknown count in the understood share at the average line weight. */
  weightUnknown: boolean;
  /** The Agribalyse code of the food a counted line was taken as, for the studies' figures. */
  code?: string;
}

/** A line that cannot be weighed or named: skipped, its weight unknown, with why. */
function unreadLine(text: string, note: string): Line {
  return { text, status: 'skipped', grams: null, food: null, kgCo2e: null, note, weightUnknown: true };
}

export function computeLine(text: string, catalog: FoodMatcher, portions: PortionTable): Line {
  const parsed = parseLine(text);
  if (parsed.unreadable !== undefined) {
    return unreadLine(text, parsed.unreadable);
  }
  if (parsed.amount.kind === 'negligible') {
    return {
      text,
      status: 'negligible',
      grams: 0,
      food: null,
      kgCo2e: 0,
      note: 'too little to count',
      weightUnknown: false,
    };
  }
  if (parsed.food === '') {
    return unreadLine(text, 'no food named');
  }
  let { match, weight } = weighFood(parsed.amount, parsed.food, catalog, portions);
  const packed = packAfterFood(parsed);
  // "1 chorizo ring": one ring of chorizo, when the pieces of a "chorizo ring" cannot be weighed; a
  // word for a whole thing ("2 garlic bulbs", "2 basil bunches") always says what is counted.
  const whole =
    packed?.amount.kind === 'pack' &&
    Object.hasOwn(listVocabulary().words.packsAlsoPortions, packed.amount.unit);
  if (packed !== null && (weight.grams === null || whole)) {
    const asPacks = weighFood(packed.amount, packed.food, catalog, portions);
    if (asPacks.weight.grams !== null) ({ match, weight } = asPacks);
  }
  if (weight.grams !== null) checkLineGrams(text, weight.grams);
  if (weight.grams === null) {
    return {
      text,
      status: 'skipped',
      grams: null,
      food: match?.name ?? null,
      kgCo2e: null,
      note: weight.why,
      weightUnknown: true,
    };
  }
  const grams = Math.round(weight.grams * 10) / 10;
  if (match === null) {
    // A line naming no food returned above: here the food is named but not in the catalog.
    const note = `no food in the catalog matches "${parsed.food}"`;
    return { text, status: 'skipped', grams, food: null, kgCo2e: null, note, weightUnknown: false };
  }
  const closest = match.closest ? `closest match for "${parsed.food}"` : null;
  const note = [weight.assumption, closest].filter((part) => part !== null).join('; ');
  return {
    text,
    status: 'counted',
    grams,
    food: match.name,
    kgCo2e: (weight.grams / 1000) * match.kgCo2ePerKg,
    note: note === '' ? null : note,
    weightUnknown: false,
    code: match.code,
  };
}

/**
 * The food a line names and its weight. The portion table weighs the food as its head ("egg noodles"
 * are not eggs); any food it names still helps the matcher ("garlic cloves" → garlic).
 */
function weighFood(amount: Amount, food: string, catalog: FoodMatcher, portions: PortionTable) {
  const portion = portions.findHead(food);
  const named = portions.find(food);
  const match = findFood(catalog, food, named?.name ?? null, portions.standIns);
  return { match, weight: weigh(amount, food, portion, match, portions.packs) };
}

/** Counted grams over all grams; used by chat lists and by the based-cooking build alike. */
export function understoodShare(lines: readonly Line[]): number {
  const counted = lines.filter((line) => line.status === 'counted');
  const countedGrams = counted.reduce((sum, line) => sum + (line.grams ?? 0), 0);
  const knownSkipped = lines
    .filter((line) => line.status === 'skipped' && !line.weightUnknown)
    .reduce((sum, line) => sum + (line.grams ?? 0), 0);
  // A line whose amount is unknown is taken to weigh what an average counted line weighs.
  const average = counted.length === 0 ? 0 : countedGrams / counted.length;
  const unknown = lines.filter((line) => line.weightUnknown).length * average;
  const total = countedGrams + knownSkipped + unknown;
  // Rounded past floating-point noise: nine counted lines and one unknown are 0.9 exactly, so a
  // threshold of 90% (here and in the based-cooking build) does not fall either way by the sums' order.
  return total === 0 ? 0 : round(countedGrams / total, 9);
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function computeIngredientList(
  text: string,
  catalog: FoodMatcher,
  portions: PortionTable,
): IngredientListResult {
  const { parts: allParts, servings } = readListText(text);
  checkServings(servings);
  const title = dishTitle(allParts, catalog);
  const parts = title === null ? allParts : allParts.slice(1);
  const lines: Line[] = parts.slice(0, MAX_RECIPE_PARTS).map((part) => computeLine(part, catalog, portions));
  for (const part of parts.slice(MAX_RECIPE_PARTS)) {
    lines.push(unreadLine(part, `only the first ${MAX_RECIPE_PARTS} lines are read`));
  }
  const counted = lines.filter((line) => line.status === 'counted');
  if (counted.length === 0) {
    const anyQuantity = lines.some(
      (line) => line.grams !== null || (line.note !== null && line.note !== 'no quantity given'),
    );
    throw new NotARecipeError(anyQuantity ? 'no_food' : 'no_quantities');
  }
  const count = servings?.count ?? 1;
  const totalKg = counted.reduce((sum, line) => sum + (line.kgCo2e ?? 0), 0);
  const perServing = totalKg / count;
  checkPerServing(perServing);
  const share = understoodShare(lines);
  // Compared as shown (three decimals): nine counted lines and one of unknown weight are 90% understood,
  // not 89.99999% or 90.00001% as the floating-point sums fall.
  const incomplete = round(share, 3) < INCOMPLETE_BELOW;
  const contributors: Contributor[] = counted
    .map((line) => ({
      name: line.food!,
      grams: round((line.grams ?? 0) / count, 1),
      kgCo2e: round((line.kgCo2e ?? 0) / count, 4),
      share: totalKg === 0 ? 0 : round((line.kgCo2e ?? 0) / totalKg, 3),
    }))
    .sort((a, b) => b.kgCo2e - a.kgCo2e);
  const notes: string[] = [];
  if (servings === null) {
    notes.push('No servings given, so the whole list is taken as one serving. Add "serves 4" to divide it.');
  } else {
    notes.push(`Servings: ${servings.count} ("${servings.statement}").`);
  }
  if (incomplete) {
    notes.push(
      `Incomplete: only ${Math.round(share * 100)}% of the weight was understood, so the real figure is higher.`,
    );
  }
  const skipped = lines.filter((line) => line.status === 'skipped').length;
  if (skipped > 0) notes.push(`${skipped} line${skipped === 1 ? ' was' : 's were'} skipped (listed below).`);
  const perServingRounded = round(perServing, 3);
  const figures = catalog.figures ?? null;
  // Every dataset's figure decides the verdict, each a lower bound when part of the list was not understood.
  const dish: DishIngredients = {
    entry: null,
    ingredients: counted.map((line) => ({
      code: line.code ?? null,
      grams: (line.grams ?? 0) / count,
      kgCo2e: (line.kgCo2e ?? 0) / count,
    })),
    lowerBound: incomplete,
  };
  return onDishFigures<IngredientListResult>(
    {
      kind: 'recipe',
      query: display(text),
      name: `${title ?? 'Your recipe'} (${lines.length} ingredient${lines.length === 1 ? '' : 's'})`,
      kgCo2ePerServing: perServingRounded,
      climateFriendly: { value: 'unknown', raw: null },
      thresholdKgPerServing: CLIMATE_FRIENDLY_MAX_KG_PER_SERVING,
      level: recipeLevel(perServingRounded),
      contributors,
      confidence: null,
      status: null,
      notes,
      source: CATALOG_SOURCE_INFO,
      ingredientList: {
        servings: count,
        servingsStated: servings !== null,
        lines: lines.map(({ weightUnknown: _unused, code: _code, ...line }) => ({
          ...line,
          kgCo2e: line.kgCo2e === null ? null : round(line.kgCo2e, 4),
        })),
        understoodShare: round(share, 3),
        incomplete,
      },
    },
    figures,
    catalog.basis ?? 'agribalyse',
    dish,
    figures === null ? undefined : dishSourcesOf(figures, 'the ingredient list', perServingRounded, dish),
  );
}

export function createRecipeComputer(catalog: FoodMatcher, portions: PortionTable): RecipeComputer {
  return { compute: (text) => computeIngredientList(text, catalog, portions) };
}
