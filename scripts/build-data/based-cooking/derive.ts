import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { computeLine, type Line, understoodShare } from '../../../src/recipes/compute.js';
import type { PortionTable } from '../../../src/recipes/portions.js';
import type { Catalog, FoodMatch } from '../../../src/sources/catalog/types.js';
import type { DerivedDish } from '../fndds/derive.js';
import { foldName, MIN_MAPPED_SHARE } from '../fndds/derive.js';
import { capitalise } from '../fndds/names.js';
import { CURATED_DIR } from '../paths.js';
import type { BasedRecipe } from './read.js';

/**
 * Named dishes derived from the based-cooking recipes (public domain): every ingredient line read by
 * the same pipeline as a chat ingredient list (src/recipes: parser, portion weights, densities, the
 * catalog's product matcher), the lines' grams summed by catalog item and divided by the recipe's
 * servings. A dish is kept only when at least 90% of its weight maps to catalog items.
 */

export const BASED_COOKING_SOURCE = 'based-cooking';

export interface SourceLine {
  /** The ingredient line as the recipe writes it. */
  text: string;
  /** Counted, skipped (not understood or not in the catalog) or negligible ("a pinch"). */
  status: 'counted' | 'skipped' | 'negligible';
  /** The catalog food it was taken as, or null when none matched. */
  food: string | null;
  /** Grams per serving, or null when the amount was not understood. */
  grams: number | null;
}

export interface BasedDish extends DerivedDish {
  servings: { count: number; statement: string | null };
  lines: SourceLine[];
}

export const BASED_DROP_REASONS = {
  noIngredients: 'no ingredient list',
  notADish: 'a sauce, seasoning, spread, dough or drink (a product, not a dish)',
  misread:
    'a line carrying 20% or more of the figure is taken as the wrong food (curated/based-cooking-misread.json)',
  unmapped: 'under 90% of the weight maps to catalog items',
  handWritten: 'a hand-written dish has the same name',
  fndds: 'a dish derived from FNDDS has the same name',
  duplicate: 'another based-cooking dish has the same name',
  unfindable: 'the dish search answers another dish for its name',
} as const;

export interface BasedDerivationReport {
  candidates: number;
  kept: number;
  dropped: Record<string, number>;
  /** The recipe ids dropped for a name clash, by reason. */
  clashes: Record<string, string[]>;
  /** Recipes that state no servings, and the grams of one serving assumed for them. */
  assumedServings: { recipes: number; gramsPerServing: number };
  /** Lines with no amount taken as negligible seasonings or optional extras (all recipes). */
  seasoningLines: number;
}

/** A line read by the chat pipeline, with the Agribalyse code of the food it was taken as. */
export function readLine(
  text: string,
  catalog: Pick<Catalog, 'matchFood' | 'findRecipe'>,
  portions: PortionTable,
): { line: Line; code: string | null } {
  // computeLine keeps the first food that matches, which is the last match the matcher returned.
  let last: FoodMatch | null = null;
  const recording = {
    matchFood: (query: string) => {
      const match = catalog.matchFood(query);
      if (match !== null) last = match;
      return match;
    },
    findRecipe: catalog.findRecipe.bind(catalog),
  };
  const line = computeLine(text, recording, portions);
  const found = last as FoodMatch | null;
  return { line, code: line.food !== null && found !== null ? found.code : null };
}

/**
 * A line with no quantity that names a herb, spice, salt or condiment ("Paprika", "Bay leaf",
 * "Parsley") or says it is optional. A chat answer counts such a line as unknown, at the weight of an
 * average line; in a written recipe it is a seasoning used by the pinch or something that may be left
 * out, so the build counts it as negligible, as the chat pipeline counts "salt" and "to taste".
 */
export function isUnweighedSeasoning(
  line: Line,
  code: string | null,
  seasonings: ReadonlySet<string>,
): boolean {
  if (line.status !== 'skipped' || line.note !== 'no quantity given') return false;
  return (code !== null && seasonings.has(code)) || /\boptional\b/i.test(line.text);
}

function asNegligible(line: Line): Line {
  return {
    ...line,
    status: 'negligible',
    grams: 0,
    kgCo2e: 0,
    note: 'seasoning or optional, no amount given',
    weightUnknown: false,
  };
}

/**
 * The name people ask for and its other spellings: "Pâté Chinois (Quebec Style Shepherd’s Pie)" →
 * "Pâté Chinois", also "Quebec Style Shepherd’s Pie"; "Bitoque - Portuguese Steak with Beer Sauce" →
 * "Bitoque", also "Portuguese Steak with Beer Sauce"; "Chicken Biscuit Potpie Recipe" → "Chicken
 * Biscuit Potpie"; a title left as the file name ("pasta-arrabbiata") → "Pasta arrabbiata".
 */
export function dishNames(title: string, id: string): { name: string; aliases: string[] } {
  let text = title.replace(/\s+/g, ' ').trim();
  if (text === id || /^[a-z0-9]+(-[a-z0-9]+)+$/.test(text)) text = capitalise(text.replace(/-/g, ' '));
  const aliases: string[] = [];
  text = text.replace(/\s*\(([^)]+)\)\s*/g, (_, inner: string) => {
    aliases.push(inner.trim());
    return ' ';
  });
  const dashed = text.split(/\s+[-–—]\s+/);
  text = dashed[0]!;
  aliases.push(...dashed.slice(1));
  const clean = (part: string) =>
    part
      .replace(/\s+recipe$/i, '')
      .replace(/\s+/g, ' ')
      .trim();
  const name = clean(text).slice(0, 100);
  return { name, aliases: aliases.map(clean).filter((alias) => alias !== '' && alias.length <= 100) };
}

const CUISINE_TAGS: Record<string, string> = {
  italian: 'Italian',
  mexican: 'Mexican',
  french: 'French',
  indian: 'Indian',
  chinese: 'Chinese',
  japanese: 'Japanese',
  thai: 'Thai',
  vietnamese: 'Vietnamese',
  korean: 'Korean',
  spanish: 'Spanish',
  portuguese: 'Portuguese',
  greek: 'Greek',
  turkish: 'Turkish',
  german: 'German',
  austrian: 'Austrian',
  swiss: 'Swiss',
  belgian: 'Belgian',
  dutch: 'Dutch',
  english: 'British',
  irish: 'British',
  russian: 'Eastern European',
  ukrainian: 'Eastern European',
  polish: 'Polish',
  romanian: 'Eastern European',
  hungarian: 'Hungarian',
  brazilian: 'Latin American',
  argentinian: 'Latin American',
  peruvian: 'Peruvian',
  quebec: 'Canadian',
  american: 'American',
  southern: 'American',
  cajun: 'Cajun and Creole',
  tunisian: 'North African',
  lebanese: 'Middle Eastern',
  'middle eastern': 'Middle Eastern',
  mediterranean: 'Mediterranean',
  asian: 'Asian',
};

/** The cuisine a recipe's tags name first, else "International". */
export function cuisineOf(tags: readonly string[]): string {
  for (const tag of tags) if (CUISINE_TAGS[tag] !== undefined) return CUISINE_TAGS[tag]!;
  return 'International';
}

/** Tags and title endings of recipes that make something used in or beside a dish, or drunk. */
const NOT_A_DISH_TAGS = new Set([
  'sauce',
  'spread',
  'spice',
  'drink',
  'dressing',
  'dough',
  'stock',
  'jam',
  'syrup',
  'alcohol',
  'liquor',
]);
/** "Brown Sauce", "Fajita Seasoning", "Salsa", "Sauerkraut", but not "Chicken with Sticky Sauce" or "Chicken in … Sauce". */
const NOT_A_DISH_TITLE =
  /^(?!.*\b(?:with|in|on)\b).*\b(sauce|seasoning|dressing|dough|starter|syrup|stock|broth|jam|spread|butter|pastry|salsa|dip|sauerkraut|pickles)$/i;

/**
 * Issue #10 asks for named dishes: a recipe for a sauce ("Brown Sauce"), a seasoning ("Fajita
 * Seasoning"), a spread ("Peanut Butter"), a dough ("Puff Pastry") or a drink ("Irish Coffee") is a
 * product per serving of nothing in particular, and a product question belongs to /carbon product.
 */
export function isDish(recipe: Pick<BasedRecipe, 'tags' | 'title'>): boolean {
  if (recipe.tags.some((tag) => NOT_A_DISH_TAGS.has(tag))) return false;
  return !NOT_A_DISH_TITLE.test(recipe.title.replace(/\s*\([^)]*\)\s*$/, '').trim());
}

const MisreadFileSchema = z.object({
  about: z.string(),
  misread: z.array(
    z.strictObject({
      id: z.string().min(1),
      line: z.string().min(1),
      takenAs: z.string().min(1),
      why: z.string().min(1),
    }),
  ),
});
export type Misread = z.infer<typeof MisreadFileSchema>['misread'][number];

export function readMisread(file = join(CURATED_DIR, 'based-cooking-misread.json')): Misread[] {
  const parsed = MisreadFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is malformed: ${z.prettifyError(parsed.error)}`);
  return parsed.data.misread;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export function deriveBasedDishes(
  recipes: readonly BasedRecipe[],
  catalog: Pick<Catalog, 'matchFood' | 'findRecipe'>,
  portions: PortionTable,
  labelFor: (agb: string) => string,
  handWrittenNames: ReadonlySet<string>,
  fnddsNames: ReadonlySet<string>,
  seasonings: ReadonlySet<string> = new Set(),
  misread: readonly Misread[] = [],
): { dishes: BasedDish[]; report: BasedDerivationReport } {
  const dropped: Record<string, number> = {};
  const clashes: Record<string, string[]> = {};
  const drop = (reason: keyof typeof BASED_DROP_REASONS, id?: string) => {
    dropped[BASED_DROP_REASONS[reason]] = (dropped[BASED_DROP_REASONS[reason]] ?? 0) + 1;
    if (id !== undefined)
      clashes[BASED_DROP_REASONS[reason]] = [...(clashes[BASED_DROP_REASONS[reason]] ?? []), id];
  };
  let seasoned = 0;
  const read = recipes.map((recipe) => {
    const lines = recipe.ingredients.map((text) => {
      const { line, code } = readLine(text, catalog, portions);
      if (!isUnweighedSeasoning(line, code, seasonings))
        return { line, code: line.status === 'counted' ? code : null };
      seasoned++;
      return { line: asNegligible(line), code: null };
    });
    const counted = lines.reduce((sum, { line }) => sum + (line.status === 'counted' ? line.grams! : 0), 0);
    return { recipe, lines, counted, share: understoodShare(lines.map(({ line }) => line)) };
  });
  // A recipe that states no servings is divided into servings of the median weight of a serving among
  // the dishes of this collection that do state theirs (counted grams over stated servings).
  const stated = read.filter(
    (entry) => entry.recipe.servings !== null && entry.counted > 0 && isDish(entry.recipe),
  );
  const assumedGrams = Math.round(
    median(stated.map((entry) => entry.counted / entry.recipe.servings!.count)),
  );
  const taken = new Set<string>();
  const dishes: BasedDish[] = [];
  let assumed = 0;
  for (const { recipe, lines, counted, share } of read) {
    if (recipe.ingredients.length === 0) {
      drop('noIngredients');
      continue;
    }
    if (!isDish(recipe)) {
      drop('notADish');
      continue;
    }
    if (share < MIN_MAPPED_SHARE || counted === 0) {
      drop('unmapped');
      continue;
    }
    const misreadLine = misread.find((entry) => entry.id === recipe.id);
    if (misreadLine !== undefined) {
      const spaced = (text: string) => text.replace(/\s+/g, ' ').trim();
      const line = lines.find(({ line }) => spaced(line.text) === spaced(misreadLine.line))?.line;
      if (line?.food !== misreadLine.takenAs)
        throw new Error(
          `based-cooking-misread.json: ${recipe.id} "${misreadLine.line}" is now taken as ${line?.food ?? 'nothing'}, not ${misreadLine.takenAs}: check the dish and remove the entry`,
        );
      drop('misread');
      continue;
    }
    const { name, aliases } = dishNames(recipe.title, recipe.id);
    const folded = foldName(name);
    if (handWrittenNames.has(folded)) {
      drop('handWritten', recipe.id);
      continue;
    }
    if (fnddsNames.has(folded)) {
      drop('fndds', recipe.id);
      continue;
    }
    if (taken.has(folded)) {
      drop('duplicate', recipe.id);
      continue;
    }
    taken.add(folded);
    const keptAliases = aliases.filter((alias) => {
      const key = foldName(alias);
      if (key === folded || taken.has(key) || handWrittenNames.has(key) || fnddsNames.has(key)) return false;
      taken.add(key);
      return true;
    });
    const servings = recipe.servings ?? {
      count: Math.max(1, Math.round(counted / assumedGrams)),
      statement: null,
    };
    if (recipe.servings === null) assumed++;
    const byCode = new Map<string, number>();
    for (const { line, code } of lines) {
      if (code !== null) byCode.set(code, (byCode.get(code) ?? 0) + line.grams! / servings.count);
    }
    const ingredients = [...byCode.entries()]
      .map(([agb, grams]) => ({ agb, grams: round1(grams), label: labelFor(agb) }))
      .filter((ingredient) => ingredient.grams > 0)
      .sort((a, b) => b.grams - a.grams || a.agb.localeCompare(b.agb));
    dishes.push({
      name,
      aliases: keptAliases,
      cuisine: cuisineOf(recipe.tags),
      ingredients,
      provenance: { source: BASED_COOKING_SOURCE, id: recipe.id },
      gramsPerServing: Math.max(1, Math.round(counted / servings.count)),
      mappedShare: Math.round(share * 1000) / 1000,
      servings: { count: servings.count, statement: servings.statement },
      lines: lines.map(({ line }) => ({
        text: line.text,
        status: line.status,
        food: line.food,
        grams: line.grams === null ? null : round1(line.grams / servings.count),
      })),
    });
  }
  return {
    dishes,
    report: {
      candidates: recipes.length,
      kept: dishes.length,
      dropped,
      clashes,
      assumedServings: { recipes: assumed, gramsPerServing: assumedGrams },
      seasoningLines: seasoned,
    },
  };
}
