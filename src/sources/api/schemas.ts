import { z } from 'zod';
import { stripInvisible } from '../../core/command.js';

/** A plain decimal, as some servers send numbers quoted. Rejects "NaN", "Infinity", hex and blanks. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * No food comes near this: it is ten times the highest mean in Poore & Nemecek (2018), beef from beef
 * herds at 99.48 kg CO2e per kg (data/README.md). A larger figure is a broken response, not a food.
 */
export const MAX_PLAUSIBLE_KG_CO2E = 1_000;

/**
 * kg_co2_per_kg: a JSON number, or a number sent as a numeric string. Negative or non-finite values
 * cannot be a footprint, so they fail validation rather than reach a user.
 */
const Footprint = z
  .union([z.number(), z.string().trim().regex(DECIMAL).transform(Number)])
  .pipe(z.number().finite().nonnegative().max(MAX_PLAUSIBLE_KG_CO2E));

/** Upstream text with invisible and bidirectional control characters removed (they reach replies). */
const Text = z.string().transform((text) => stripInvisible(text).replace(/ {2,}/g, ' '));

/**
 * status and climate_friendly are open strings in the spec; a server that sends a boolean or 0/1
 * means the same thing, so those are read as their text.
 */
const OpenText = z
  .union([z.string(), z.boolean(), z.number().finite()])
  .transform((value) => stripInvisible(String(value)));

// src/service/schemas.ts describes the same spec fields for what `carbon serve` emits, strictly; these
// read any server leniently (numeric strings, open text), so only the field names are shared.

/** Unknown extra fields are ignored (zod strips them), so additive API changes do not break us. */
export const ProductBodySchema = z.object({
  product_name: Text,
  kg_co2_per_kg: Footprint,
  percentage_impact_difference: Text,
  status: OpenText,
});
export type ProductBody = z.infer<typeof ProductBodySchema>;

export const RecipeBodySchema = z.object({
  recipe_name: Text,
  /** Per serving, despite the name (spec). */
  kg_co2_per_kg: Footprint,
  climate_friendly: OpenText,
  status: OpenText,
});
export type RecipeBody = z.infer<typeof RecipeBodySchema>;

/** Names of the fields summarised in BadResponseError messages: paths only, never values. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.code}`)
    .join('; ');
}
