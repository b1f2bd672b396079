import { z } from 'zod';
import { boundText, MAX_NAME_LENGTH, stripInvisible } from '../../core/command.js';

/** A plain decimal, as some servers send numbers quoted. Rejects "NaN", "Infinity", hex and blanks. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * No food comes near this: it is ten times the highest mean in Poore & Nemecek (2018), beef from beef
 * herds at 99.48 kg CO2e per kg (data/README.md). A larger figure is a broken response, not a food.
 */
export const MAX_PLAUSIBLE_KG_CO2E = 1_000;

/** A footprint no food can exceed; also what carbon serve may emit. */
const Footprint = z.number().finite().nonnegative().max(MAX_PLAUSIBLE_KG_CO2E);

/**
 * The lookup API's bodies, as the specification names them: the one definition of each. The client
 * reads any server's answer with it (leniently, below); `carbon serve` extends it with its extras
 * (src/service/schemas.ts). Unknown extra fields are ignored (zod strips them), so additive API
 * changes do not break the client.
 */
export const ProductBodySchema = z.object({
  product_name: z.string(),
  /** Per litre for liquids (spec). */
  kg_co2_per_kg: Footprint,
  percentage_impact_difference: z.string(),
  status: z.string(),
});
export type ProductBody = z.infer<typeof ProductBodySchema>;

export const RecipeBodySchema = z.object({
  recipe_name: z.string(),
  /** Per serving, despite the name (spec). */
  kg_co2_per_kg: Footprint,
  climate_friendly: z.string(),
  status: z.string(),
});
export type RecipeBody = z.infer<typeof RecipeBodySchema>;

/**
 * What other servers send that means the same: kg_co2_per_kg as a numeric string (plain decimals
 * only: "NaN", "Infinity", hex and blanks stay strings and fail), and status or climate_friendly as a
 * boolean or 0/1 (read as their text). Everything else is left for the schema to judge.
 */
function coerceSpecFields(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const copy: Record<string, unknown> = { ...body };
  const kg = copy.kg_co2_per_kg;
  if (typeof kg === 'string' && DECIMAL.test(kg.trim())) copy.kg_co2_per_kg = Number(kg.trim());
  for (const field of ['status', 'climate_friendly']) {
    const value = copy[field];
    if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) {
      copy[field] = String(value);
    }
  }
  return copy;
}

/**
 * The longest upstream sentence kept: the spec's comparison sentence ("The impact is 51% lower than
 * the average of the 95 products in …") is under 200 characters; a longer one is cut, not shown whole.
 * 500 is a design choice: room for a sentence over twice the spec's, short enough for one chat line.
 */
const MAX_UPSTREAM_SENTENCE = 500;

/**
 * Upstream text with invisible and bidirectional control characters removed (they reach replies),
 * and cut to a bound: a name to the length of a name people may type, a sentence to a sentence's.
 */
const clean = (text: string, max = MAX_NAME_LENGTH) =>
  boundText(stripInvisible(text).replace(/ {2,}/g, ' '), max);
const cleanOpen = (text: string) => boundText(stripInvisible(text), MAX_NAME_LENGTH);

/** An upstream product body, read leniently and with its text made safe to show. */
export const UpstreamProductBodySchema = z
  .preprocess(coerceSpecFields, ProductBodySchema)
  .transform((body) => ({
    ...body,
    product_name: clean(body.product_name),
    percentage_impact_difference: clean(body.percentage_impact_difference, MAX_UPSTREAM_SENTENCE),
    status: cleanOpen(body.status),
  }));

export const UpstreamRecipeBodySchema = z
  .preprocess(coerceSpecFields, RecipeBodySchema)
  .transform((body) => ({
    ...body,
    recipe_name: clean(body.recipe_name),
    climate_friendly: cleanOpen(body.climate_friendly),
    status: cleanOpen(body.status),
  }));

/** Names of the fields summarised in BadResponseError messages: paths only, never values. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.code}`)
    .join('; ');
}
