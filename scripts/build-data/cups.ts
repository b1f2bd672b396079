import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { CURATED_DIR } from './paths.js';

/**
 * Dry goods people buy and drink brewed (coffee, tea, cocoa): the answer for either says both
 * figures, each labelled: per kg as bought, and per cup brewed (data/curated/cups.json).
 */
export const CupsFileSchema = z.object({
  $comment: z.string().optional(),
  cupMl: z.number().positive(),
  cupSource: z.string().min(1),
  goods: z.array(
    z.object({
      name: z.string().min(1),
      /** The dry good as bought; null when the catalog has none (tea). */
      dry: z.string().min(1).nullable(),
      /** The brewed drinks, per litre. */
      drinks: z.array(z.string().min(1)).min(1),
      /** Grams of the dry good in a litre of the drink, and the brewing standard it comes from. */
      gramsPerLitre: z.number().positive().nullable(),
      ratioSource: z.string().min(1).nullable(),
    }),
  ),
});

interface Food {
  code: string;
  name: string;
  kgCo2ePerKg: number;
  kgCo2ePerUnit: number;
  unit: 'kg' | 'L';
}

function kg(value: number): string {
  return Number(value.toPrecision(2)).toString();
}

/** The notes each dry good and drink gets, by code. Throws on an unknown code. */
export function cupNotes(
  foods: ReadonlyMap<string, Food>,
  path = join(CURATED_DIR, 'cups.json'),
): Map<string, string[]> {
  const file = CupsFileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  const food = (code: string) => {
    const found = foods.get(code);
    if (found === undefined) throw new Error(`cups.json: unknown Agribalyse code ${code}`);
    return found;
  };
  const notes = new Map<string, string[]>();
  const add = (code: string, note: string) => notes.set(code, [...(notes.get(code) ?? []), note]);
  for (const good of file.goods) {
    const dry = good.dry === null ? null : food(good.dry);
    const drink = food(good.drinks[0]!);
    const cup = (drink.kgCo2ePerUnit * file.cupMl) / 1000;
    const grams = good.gramsPerLitre === null ? null : (good.gramsPerLitre * file.cupMl) / 1000;
    // The sources of the cup and the ratio are in cups.json and data/README.md; the note stays short.
    const takes = grams === null ? '' : ` and takes about ${Math.round(grams)} g of ${good.name}`;
    const cupText = `a ${file.cupMl} ml cup`;
    if (dry !== null) {
      add(
        dry.code,
        `Per kg of ${good.name} as bought. Made up, ${cupText} comes to ${kg(cup)} kg CO2e${takes} (${drink.name}).`,
      );
    }
    for (const code of good.drinks) {
      const each = food(code);
      const asBought =
        dry === null
          ? `ADEME Agribalyse 3.2 has no ${good.name} as bought; the studies' figure beside it is per kg of it.`
          : `As bought, ${good.name} is ${kg(dry.kgCo2ePerKg)} kg CO2e per kg (${dry.name}).`;
      add(
        code,
        `Per litre as drunk: ${cupText} comes to ${kg((each.kgCo2ePerUnit * file.cupMl) / 1000)} kg CO2e${takes}. ${asBought}`,
      );
    }
  }
  return notes;
}
