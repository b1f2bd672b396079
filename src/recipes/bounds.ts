import { InvalidRecipeListError } from '../core/errors.js';
import { MAX_PLAUSIBLE_KG_CO2E } from '../sources/api/schemas.js';
import type { Servings } from './servings.js';

/**
 * The bounds an ingredient list must keep to be answered. Beyond them the input is a slip or a test
 * ("serves 0", "1e30g beef"), and the answer is a clear refusal, never `null`, infinity or a figure of
 * octillions of kilograms.
 */

/**
 * Servings: more than 0 (a figure per serving divides by it), at most 100. The recipe form allows
 * 1 to 100 for the same reason: more servings than that is a catering order, not a dish.
 */
export const MAX_SERVINGS = 100;

/**
 * One line: at most 100 kg. That is 100 servings (the most allowed) of 1 kg of one ingredient each,
 * about twice the largest typical amount of any dish in USDA FNDDS 2017-2018 ("Quantity not
 * specified": 531 g, chicken with potatoes, corn and cheese) and six times that of any food (660 g,
 * a frozen slush drink).
 */
export const MAX_LINE_GRAMS = 100_000;

/**
 * Per serving: at most MAX_PLAUSIBLE_KG_CO2E (1,000 kg CO2e), the bound already put on any footprint
 * the lookup API returns: ten times the highest mean in Poore & Nemecek (2018), beef from beef herds at
 * 99.48 kg CO2e per kg, so ten kilograms of the worst food in a single serving.
 */
export const MAX_KG_CO2E_PER_SERVING = MAX_PLAUSIBLE_KG_CO2E;

function format(value: number): string {
  if (!Number.isFinite(value)) return 'beyond counting';
  return value >= 1e6 ? 'over a million' : value.toLocaleString('en-GB', { maximumFractionDigits: 1 });
}

/** A statement or line as quoted in a refusal: "serves 99…" of 4,000 digits is cut. */
function quoted(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

export function checkServings(servings: Servings | null): void {
  if (servings === null) return;
  if (!(servings.count > 0))
    throw new InvalidRecipeListError(
      `"${quoted(servings.statement)}" is no servings, and a figure per serving needs at least 1`,
    );
  if (servings.count > MAX_SERVINGS)
    throw new InvalidRecipeListError(
      `"${quoted(servings.statement)}" is more than ${MAX_SERVINGS} servings, a catering order rather than a dish`,
    );
}

export function checkLineGrams(text: string, grams: number): void {
  if (Number.isFinite(grams) && grams >= 0 && grams <= MAX_LINE_GRAMS) return;
  const shown = quoted(text);
  throw new InvalidRecipeListError(
    `"${shown}" comes to ${format(grams / 1000)} kg, more than the ${MAX_LINE_GRAMS / 1000} kg a line can hold`,
  );
}

export function checkPerServing(kgCo2ePerServing: number): void {
  if (Number.isFinite(kgCo2ePerServing) && kgCo2ePerServing <= MAX_KG_CO2E_PER_SERVING) return;
  throw new InvalidRecipeListError(
    `it comes to ${format(kgCo2ePerServing)} kg CO2e a serving, more than the ${MAX_KG_CO2E_PER_SERVING.toLocaleString('en-GB')} kg no meal comes near; check the amounts and the servings`,
  );
}
