import { WATER_LIKE_DENSITY_KG_PER_L } from '../core/densities.js';
import { verdictShort } from '../core/figures-text.js';
import { levelBasis } from '../core/format.js';
import { CLIMATE_FRIENDLY_MAX_KG_PER_SERVING } from '../core/levels.js';
import type { Level, ProductResult, RecipeResult } from '../core/result.js';
import { figuresOnFooting } from './datasets.js';
import { type CarEquivalence, carKilometres } from './equivalence.js';
import type { Basis, CompareResult, Difference, RankedItem } from './model.js';
import type { FoundResolution } from './resolution.js';
import type { ServingOf } from './servings.js';

interface Placed {
  found: FoundResolution;
  kgCo2e: number;
  portionGrams: number | null;
  extraNotes: string[];
  /** How the option was taken, in one short line (RankedItem.howTaken). */
  how: string;
}

export interface Footing {
  basis: Basis;
  basisText: string;
  placed: Placed[];
  notRanked: CompareResult['notRanked'];
}

const isDish = (found: FoundResolution): found is Extract<FoundResolution, { result: RecipeResult }> =>
  found.takenAs !== 'product';

type FoundProduct = Extract<FoundResolution, { takenAs: 'product' }>;

/** "a named dish", "your ingredient list", or what the composer built it from. */
function dishHow(found: Extract<FoundResolution, { result: RecipeResult }>): string {
  if (found.how !== undefined) return found.how;
  return found.takenAs === 'ingredient list' ? 'your ingredient list' : 'a named dish';
}

/**
 * Puts the found options on one footing, so no two figures in different units are ranked together.
 * Per kg (per litre when all are drinks) only when every option is a plain ingredient; otherwise
 * every option per serving: dishes per their serving, a product as a meal when it is one (a ready
 * meal, a mixed dish, a sandwich: never a spoonful) or as its typical portion (servings.ts). A
 * product with no known serving among meals is listed as not ranked, with the reason; one plain
 * product never turns the comparison to per kg.
 */
export function chooseFooting(
  found: FoundResolution[],
  servingOf: ServingOf | undefined,
  /** The serving of a named dish's kind (servings.ts), so dishes of one kind share one serving. */
  dishServingOf?: DishServingOf,
): Footing {
  const dishes = found.filter(isDish);
  const products = found.filter((each): each is FoundProduct => !isDish(each));
  const served = products.map((each) => ({ each, serving: servingOf?.(each.result) ?? null }));
  if (dishes.length === 0 && served.every(({ serving }) => serving?.meal !== true)) {
    return productFooting(products);
  }
  const placed: Placed[] = dishes.map((each) => placeDish(each, dishServingOf));
  const notRanked: CompareResult['notRanked'] = [];
  for (const { each, serving } of served) {
    if (serving === null) {
      notRanked.push({
        input: each.input,
        name: each.result.name,
        takenAs: 'product',
        reason:
          'no serving size is known for it, and a figure per kg cannot be ranked against meals per serving',
      });
      continue;
    }
    const { perKg, note } = perKgFigure(each.result);
    // A ready meal is served as dishes of its kind are ("Prepared potato salad" as a salad, a sushi
    // box as sushi), whatever its catalog category, so a named dish and a product of one kind share
    // one serving.
    const kind = serving.meal ? (dishServingOf?.(each.result.name, true) ?? null) : null;
    const grams = kind?.grams ?? serving.grams;
    placed.push({
      found: each,
      kgCo2e: (perKg * grams) / 1000,
      portionGrams: grams,
      extraNotes: note === null ? [] : [note],
      how: `a product, ${kind === null ? serving.text : `a ${Math.round(grams)} g serving (${kind.label})`}`,
    });
  }
  const anyProduct = placed.some((entry) => entry.portionGrams !== null);
  return {
    basis: anyProduct ? 'portion' : 'serving',
    basisText: anyProduct
      ? 'Dishes per serving and products per serving of their kind.'
      : 'Dishes compared per serving.',
    placed,
    notRanked,
  };
}

/** The serving of the kind of dish a name reads as: grams and how it is credited ("meal, FNDDS"); null when no kind is read. */
export type DishServingOf = (name: string, product: boolean) => { grams: number; label: string } | null;

/**
 * A dish on the footing of its kind: a named dish whose recipe states its grams is served as dishes
 * of its kind are (a curry as a 298 g meal, whether the catalog's recipe is for 390 g or 176 g, and
 * whether it is named or built from its parts); a dish built from parts already is, and an
 * ingredient list is the user's own serving.
 */
function placeDish(
  each: Extract<FoundResolution, { result: RecipeResult }>,
  dishServingOf: DishServingOf | undefined,
): Placed {
  const plain = {
    found: each,
    kgCo2e: each.result.kgCo2ePerServing,
    portionGrams: null,
    extraNotes: [],
    how: dishHow(each),
  };
  if (each.takenAs !== 'dish' || dishServingOf === undefined) return plain;
  const own = each.result.contributors.reduce(
    (sum, contributor) => sum + (contributor.grams ?? Number.NaN),
    0,
  );
  const kind = dishServingOf(each.result.name, false);
  if (kind === null || !(own > 0) || Math.abs(kind.grams - own) < 1) return plain;
  const grams = Math.round(kind.grams);
  return {
    ...plain,
    kgCo2e: (each.result.kgCo2ePerServing * kind.grams) / own,
    extraNotes: [
      `Served as a ${grams} g serving (${kind.label}), as dishes of its kind are compared; the catalog's recipe is for ${Math.round(own)} g.`,
    ],
    how: `${dishHow(each)}, a ${grams} g serving (${kind.label})`,
  };
}

function productFooting(products: FoundProduct[]): Footing {
  const allLitres = products.every((each) => each.result.unit === 'L');
  if (allLitres) {
    return {
      basis: 'litre',
      basisText: 'Products compared per litre.',
      placed: products.map((each) => ({
        found: each,
        kgCo2e: each.result.kgCo2ePerUnit,
        portionGrams: null,
        extraNotes: [],
        how: 'a product, per litre',
      })),
      notRanked: [],
    };
  }
  const anyLitres = products.some((each) => each.result.unit === 'L');
  return {
    basis: 'kg',
    basisText: anyLitres
      ? 'Products compared per kg (drinks converted from per litre).'
      : 'Products compared per kg.',
    placed: products.map((each) => {
      const { perKg, note } = perKgFigure(each.result);
      return {
        found: each,
        kgCo2e: perKg,
        portionGrams: null,
        extraNotes: note === null ? [] : [note],
        how: 'a product, per kg',
      };
    }),
    notRanked: [],
  };
}

/** "using a milk density of 1.03 kg/L", "assuming 1 kg/L": the density a per-litre figure was made with. */
const DENSITY_NOTE = /(?:density of|assuming)\s+(\d+(?:\.\d+)?)\s*kg\/L/i;

/**
 * A product's figure per kg. Per-litre figures are divided by the density the source used, which the
 * catalog states in the result's notes; where no density is stated, 1 kg/L, and a note says so.
 */
export function perKgFigure(result: ProductResult): { perKg: number; note: string | null } {
  if (result.unit === 'kg') return { perKg: result.kgCo2ePerUnit, note: null };
  for (const note of result.notes) {
    const match = DENSITY_NOTE.exec(note);
    const density = match ? Number(match[1]) : Number.NaN;
    if (density > 0) return { perKg: result.kgCo2ePerUnit / density, note: null };
  }
  return {
    perKg: result.kgCo2ePerUnit / WATER_LIKE_DENSITY_KG_PER_L,
    note: `Converted from per litre assuming ${WATER_LIKE_DENSITY_KG_PER_L} kg/L.`,
  };
}

/** Lowest first; equal figures keep the order they were given in. */
export function rankPlaced(placed: Placed[]): RankedItem[] {
  return placed
    .map((entry, order) => ({ entry, order }))
    .sort((a, b) => a.entry.kgCo2e - b.entry.kgCo2e || a.order - b.order)
    .map(({ entry }, index) => {
      const { found } = entry;
      return {
        rank: index + 1,
        input: found.input,
        takenAs: found.takenAs,
        takenAsReason: found.reason,
        howTaken: entry.how,
        name: found.result.name,
        kgCo2e: entry.kgCo2e,
        level: found.result.level,
        verdict: verdictOf(found),
        portionGrams: entry.portionGrams,
        confidence: found.result.confidence,
        notes: [...found.result.notes, ...entry.extraNotes],
        figures: figuresOnFooting(
          found.result,
          entry.kgCo2e,
          found.result.kind === 'product' ? perKgFigure(found.result).perKg : found.result.kgCo2ePerServing,
        ),
      };
    });
}

function verdictOf(found: FoundResolution): string {
  if (found.takenAs === 'product') return levelBasis('product', found.result.level as Level);
  return verdictShort(found.result.climateFriendly, CLIMATE_FRIENDLY_MAX_KG_PER_SERVING);
}

/**
 * Highest minus lowest. Per person for servings and portions, and for the group when `people` is
 * given; per kg or litre otherwise, where a group total would need portions. The car equivalent is
 * of the group's difference when there is one.
 */
export function differenceOf(
  ranked: RankedItem[],
  basis: Basis,
  people: number | null,
  car: CarEquivalence,
): Difference | null {
  if (ranked.length < 2) return null;
  const kgCo2e = ranked[ranked.length - 1]!.kgCo2e - ranked[0]!.kgCo2e;
  const perPerson = basis === 'serving' || basis === 'portion';
  const groupKgCo2e = perPerson && people !== null ? kgCo2e * people : null;
  return {
    kgCo2e,
    groupKgCo2e,
    carKm: carKilometres(groupKgCo2e ?? kgCo2e, car),
    carLabel: car.label,
    carCitation: car.citation,
  };
}
