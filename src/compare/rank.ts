import { WATER_LIKE_DENSITY_KG_PER_L } from '../core/densities.js';
import { verdictShort } from '../core/figures-text.js';
import { levelBasis } from '../core/format.js';
import { CLIMATE_FRIENDLY_MAX_KG_PER_SERVING } from '../core/levels.js';
import type { Level, ProductResult, RecipeResult } from '../core/result.js';
import { figuresOnFooting } from './datasets.js';
import { type CarEquivalence, carKilometres } from './equivalence.js';
import type { Basis, CompareResult, Difference, RankedItem } from './model.js';
import type { FoundResolution, PortionWeights } from './resolve.js';

interface Placed {
  found: FoundResolution;
  kgCo2e: number;
  portionGrams: number | null;
  extraNotes: string[];
}

export interface Footing {
  basis: Basis;
  basisText: string;
  placed: Placed[];
  notRanked: CompareResult['notRanked'];
}

const isDish = (found: FoundResolution): found is Extract<FoundResolution, { result: RecipeResult }> =>
  found.takenAs !== 'product';

/**
 * Puts the found options on one footing, so no two figures in different units are ranked together:
 * dishes per serving; products per kg (per litre when all are drinks); dishes and products together
 * per typical portion, which only the portion weights can give. A product with no known portion
 * among dishes is listed as not ranked, with the reason; if that leaves fewer than two dishes and
 * there are at least two products, the products are ranked per kg and the dishes are not.
 */
export function chooseFooting(found: FoundResolution[], portions: PortionWeights | undefined): Footing {
  const dishes = found.filter(isDish);
  const products = found.filter(
    (each): each is Extract<FoundResolution, { takenAs: 'product' }> => !isDish(each),
  );
  if (products.length === 0) {
    return {
      basis: 'serving',
      basisText: 'Dishes compared per serving.',
      placed: dishes.map((each) => ({
        found: each,
        kgCo2e: each.result.kgCo2ePerServing,
        portionGrams: null,
        extraNotes: [],
      })),
      notRanked: [],
    };
  }
  if (dishes.length === 0) return productFooting(products);

  const withPortion = products.map((each) => ({
    each,
    grams: portions?.typicalPortionGrams(each.result) ?? null,
  }));
  const portioned = withPortion.filter((entry) => entry.grams !== null && entry.grams > 0);
  const unportioned = withPortion.filter((entry) => !(entry.grams !== null && entry.grams > 0));
  if (dishes.length + portioned.length < 2 && products.length >= 2) {
    const footing = productFooting(products);
    return {
      ...footing,
      notRanked: dishes.map((each) => ({
        input: each.input,
        name: each.result.name,
        takenAs: each.takenAs,
        reason: 'a dish per serving cannot be ranked against products per kg',
      })),
    };
  }
  const placed: Placed[] = dishes.map((each) => ({
    found: each,
    kgCo2e: each.result.kgCo2ePerServing,
    portionGrams: null,
    extraNotes: [],
  }));
  for (const { each, grams } of portioned) {
    const { perKg, note } = perKgFigure(each.result);
    placed.push({
      found: each,
      kgCo2e: (perKg * grams!) / 1000,
      portionGrams: grams,
      extraNotes: note === null ? [] : [note],
    });
  }
  return {
    basis: portioned.length > 0 ? 'portion' : 'serving',
    basisText:
      portioned.length > 0
        ? 'Dishes per serving and products per typical portion.'
        : 'Dishes compared per serving.',
    placed,
    notRanked: unportioned.map(({ each }) => ({
      input: each.input,
      name: each.result.name,
      takenAs: 'product' as const,
      reason: 'no typical portion is known, and a figure per kg cannot be ranked against dishes per serving',
    })),
  };
}

function productFooting(products: Extract<FoundResolution, { takenAs: 'product' }>[]): Footing {
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
      return { found: each, kgCo2e: perKg, portionGrams: null, extraNotes: note === null ? [] : [note] };
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
