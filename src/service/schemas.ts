import { z } from 'zod';
import {
  ComparisonSchema,
  FigureSourceSchema,
  LevelSchema,
  UnitSchema,
  VerdictValueSchema,
} from '../core/result.js';
import { ProductBodySchema, RecipeBodySchema } from '../sources/api/schemas.js';

/**
 * Response bodies of `carbon serve`. The first four fields of each 200 body are the ones the lookup
 * API specification names (GreenSwapp clients read only those); the rest are extras our own clients
 * may use. openapi.yaml documents the same shapes and test/service/openapi.test.ts keeps them in step.
 */

// The spec's fields are defined once, in src/sources/api/schemas.ts (ProductBodySchema and
// RecipeBodySchema), which the client reads upstream answers with; these extend them with what this
// service adds, and narrow status and climate_friendly to the values it emits.

/** The only lookup status this service reports; misses are 404s, not 200s with another status. */
export const FOUND = 'found';

const SourceBodySchema = z.object({
  label: z.string(),
  attribution: z.string().nullable(),
});

export const SwapBodySchema = z.object({
  name: z.string(),
  kg_co2_per_kg: z.number().nonnegative(),
  unit: UnitSchema,
  percent_lower: z.number(),
});

export const ServedProductBodySchema = ProductBodySchema.extend({
  status: z.literal(FOUND),
  query: z.string(),
  unit: UnitSchema,
  category: z.string().nullable(),
  level: LevelSchema,
  comparison: ComparisonSchema.nullable(),
  swap: SwapBodySchema.nullable(),
  confidence: z.number().min(0).max(1).nullable(),
  notes: z.array(z.string()),
  source: SourceBodySchema,
  /** Every dataset's figure for the food, the headline first (the result model's FigureSource). */
  sources: z.array(FigureSourceSchema),
});
export type ServedProductBody = z.infer<typeof ServedProductBodySchema>;

export const ContributorBodySchema = z.object({
  name: z.string(),
  grams: z.number().nonnegative().nullable(),
  kg_co2: z.number().nonnegative(),
  share: z.number().min(0).max(1),
});

export const ServedRecipeBodySchema = RecipeBodySchema.extend({
  climate_friendly: VerdictValueSchema,
  status: z.literal(FOUND),
  query: z.string(),
  unit: z.literal('serving'),
  threshold_kg_co2_per_serving: z.number(),
  level: LevelSchema,
  contributors: z.array(ContributorBodySchema),
  confidence: z.number().min(0).max(1).nullable(),
  notes: z.array(z.string()),
  source: SourceBodySchema,
  /** Every dataset's per-serving figure for the dish, the headline first. */
  sources: z.array(FigureSourceSchema),
});
export type ServedRecipeBody = z.infer<typeof ServedRecipeBodySchema>;

export const ErrorCodeSchema = z.enum([
  'invalid_parameter',
  'unauthorized',
  'not_found',
  'not_in_trial',
  'rate_limited',
  'method_not_allowed',
  'malformed_request',
  'request_too_large',
  'request_timeout',
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ErrorBodySchema = z.object({
  error: z.object({
    status: z.number().int(),
    code: ErrorCodeSchema,
    message: z.string(),
    /** Names to try instead; empty unless a lookup missed. */
    suggestions: z.array(z.string()),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const HealthBodySchema = z.object({
  status: z.literal('ok'),
  catalog: z.object({
    products: z.number().int().nonnegative(),
    recipes: z.number().int().nonnegative(),
    categories: z.number().int().nonnegative(),
  }),
});
export type HealthBody = z.infer<typeof HealthBodySchema>;
