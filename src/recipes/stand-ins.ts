import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { SourceUnavailableError } from '../core/errors.js';
import { defaultDataDir } from '../sources/catalog/load.js';
import { PhraseIndex } from './phrases.js';

/**
 * The ingredients the project's own dishes are built from (data/curated/ingredients.json): each a
 * short English name and the Agribalyse item reviewed for it, marked `standIn` where Agribalyse has no
 * item of its own and the closest one stands in (ricotta as a fresh cream cheese, halloumi as a
 * semi-hard ewe's cheese). A list line whose food is one of these names, word for word, is taken as
 * that item: the same choice the dishes make, so a list and a dish agree, and a food the catalog
 * lacks ("1 tub ricotta") is counted rather than lost, or matched by a stray word ("brisket" as veal).
 */

/** One entry of ingredients.json; the build's stricter schema (scripts/build-data/recipes/curated.ts) checks the rest. */
const IngredientSchema = z.object({
  agb: z.string().regex(/^\d+(_\d+)?$/),
  label: z.string().trim().min(1),
  agribalyseName: z.string().min(1),
  standIn: z.literal(true).optional(),
});
export const IngredientsFileSchema = z.record(z.string(), IngredientSchema);
export type Ingredient = z.infer<typeof IngredientSchema>;

/** "ciabatta/panini bread" names two foods; "cornflour (starch)" one, its bracket only explains it. */
export function labelPhrases(label: string): string[] {
  return label
    .replace(/\([^)]*\)/g, ' ')
    .split('/')
    .map((phrase) => phrase.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

export class StandInTable {
  private readonly index: PhraseIndex<Ingredient>;

  constructor(ingredients: Iterable<Ingredient>) {
    this.index = new PhraseIndex(
      [...ingredients].map((ingredient) => ({ phrases: labelPhrases(ingredient.label), value: ingredient })),
    );
  }

  static empty(): StandInTable {
    return new StandInTable([]);
  }

  /** The ingredient whose name is the whole description (as singular words), else null. */
  find(description: string): Ingredient | null {
    return this.index.findWhole(description);
  }
}

export function readStandInTable(dataDir = defaultDataDir()): StandInTable {
  const path = join(dataDir, 'curated', 'ingredients.json');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SourceUnavailableError(`could not read ${path}: ${(error as Error).message}`);
  }
  const parsed = IngredientsFileSchema.safeParse(raw);
  if (!parsed.success)
    throw new SourceUnavailableError(`ingredients.json is invalid: ${parsed.error.message}`);
  return new StandInTable(Object.values(parsed.data));
}
