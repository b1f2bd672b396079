import { foldWords } from '../core/fold.js';
import { CLIMATE_FRIENDLY_MAX_KG_PER_SERVING, recipeLevel } from '../core/levels.js';
import type { Contributor, RecipeResult } from '../core/result.js';
import { onDishFigures } from '../figures/dish.js';
import type { PricedIngredient } from '../figures/table.js';
import { DishReader, type DishReading, type FoodKind, type StatedFood } from './dish-reading.js';
import type { DishPart, DishTemplate, DishTemplatesFile } from './dish-templates.js';
import type { FoodKnowledge } from './knowledge.js';
import { normOfFood, type PortionNorm, type PortionNormsFile } from './portion-norms.js';
import { SERVINGS_CREDIT, type ServingsFile } from './servings.js';

/**
 * A dish the catalog does not name, built from its parts: the template of its type (a curry, a wrap,
 * a bao) with the main foods its name states put in ("Thai red curry with beef"), and what its diet
 * or a "no cheese" leaves out taken out, per serving of its type (servings.ts). Every part is a
 * catalog food by Agribalyse code, so the figure is the catalog's. A stated food is never dropped: a
 * vegan dish leaves out the template's dairy and eggs, never what its name asks for.
 */
export interface ComposedDish {
  /** "a curry recipe with beef", for the line saying how the option was taken. */
  how: string;
  result: RecipeResult;
  reading: DishReading;
}

export interface DishComposer {
  /** What a dish's name states (dish-reading.ts). */
  read(text: string): DishReading;
  /** Whether a text names a dish type at all: cheap, no food is looked up. */
  namesType(text: string): boolean;
  /** The words of a text that name its dish type ("ramen" in "Ramen night"), or null. */
  typeWords(text: string): string | null;
  /** The dish built from its parts, or null when its name names no dish type. */
  compose(text: string): ComposedDish | null;
  /**
   * The group of data/servings.json a dish so read is served by: its type's, or its type's side
   * serving when it states no meat, fish, dairy, egg or protein ("potato salad", "sweet potato
   * fries" are sides); null when it names no type.
   */
  servingGroup(reading: DishReading): string | null;
}

const ANIMAL_KINDS: ReadonlySet<FoodKind> = new Set(['meat', 'fish', 'dairy', 'egg']);
const MEAT_KINDS: ReadonlySet<FoodKind> = new Set(['meat', 'fish']);

interface Portion {
  code: string;
  label: string;
  grams: number;
}

export function createDishComposer(
  file: DishTemplatesFile,
  servings: ServingsFile,
  catalog: Pick<FoodKnowledge, 'matchFood' | 'food' | 'source' | 'figures' | 'basis'>,
  /** The portion norms a built dish is held to, as the catalog's dishes are; none, none is held. */
  norms?: PortionNormsFile,
): DishComposer {
  const reader = new DishReader(file, catalog, (code) => {
    const category = catalog.food(code)?.category;
    const group = category === undefined ? null : servings.categories[category];
    return group !== null && group !== undefined && servings.groups[group]?.meal === true;
  });
  const cheeses = new Set(file.animalProducts.cheese);
  /** "oat milk": the plant milk a drink's dairy is swapped for, by its catalog name. */
  const plantMilkLabel = (code: string) => (catalog.food(code)?.name ?? 'plant milk').toLowerCase();

  /** Whether "no <word>" leaves this part out. */
  const leftOut = (part: DishPart, without: readonly string[]) =>
    without.some(
      (word) =>
        part.label.split(' ').includes(word) ||
        (word === 'cheese' && cheeses.has(part.label)) ||
        (word === 'dairy' && part.kind === 'dairy') ||
        (word === 'egg' && part.kind === 'egg'),
    );

  /** The template's parts for this diet: a vegan dish has no dairy or eggs (or their swap). */
  const partsFor = (template: DishTemplate, reading: DishReading): Portion[] =>
    template.parts.flatMap((part) => {
      if (leftOut(part, reading.without)) return [];
      if (reading.plantMilk && part.kind === 'dairy' && part.veganSwap !== undefined)
        return [{ code: part.veganSwap, label: plantMilkLabel(part.veganSwap), grams: part.grams }];
      if (reading.diet === 'vegan' && part.kind !== undefined) {
        return part.veganSwap === undefined
          ? []
          : [{ code: part.veganSwap, label: `plant-based ${part.label}`, grams: part.grams }];
      }
      return [{ code: part.code, label: part.label, grams: part.grams }];
    });

  /**
   * The most the serving is enlarged by so that each main held to a portion norm (a meat, a fish,
   * eggs) holds one portion at the recipe's scale, at most the norms' maxScale: the norm that asked
   * the most, or null when none did.
   */
  const holdPortions = (
    text: string,
    template: DishTemplate,
    mains: readonly Portion[],
    scale: number,
  ): { scale: number; norm: PortionNorm | null } => {
    let held = { scale: 1, norm: null as PortionNorm | null };
    // A sandwich, a salad or a soup is not a portion of what it holds, as for the catalog's dishes.
    if (norms === undefined || new RegExp(norms.notAMealOf, 'i').test(`${template.type} ${text}`))
      return held;
    for (const main of mains) {
      const food = catalog.food(main.code);
      const norm =
        food?.fullName === undefined
          ? null
          : normOfFood(norms, { category: food.category, fullName: food.fullName });
      if (norm === null || main.grams * scale >= norm.grams) continue;
      const needed = Math.min(norm.grams / (main.grams * scale), norms.maxScale);
      if (needed > held.scale) held = { scale: needed, norm };
    }
    return held;
  };

  /** The stated mains this diet allows, or the template's default main. */
  const mainsFor = (template: DishTemplate, reading: DishReading): StatedFood[] => {
    const allowed = reading.mains.filter(
      (food) =>
        !reading.without.includes(food.words) &&
        !(reading.diet === 'vegetarian' && MEAT_KINDS.has(food.kind)),
    );
    const { main } = template;
    const defaultKind = reader.kindOf(main.default);
    const dietLeavesOut =
      (reading.diet === 'vegan' && ANIMAL_KINDS.has(defaultKind)) ||
      (reading.diet === 'vegetarian' && MEAT_KINDS.has(defaultKind));
    // The main the type's word names ("suya" is beef), else the type's default.
    const named = main.byWord?.[reading.typeNamedBy];
    const defaultMain = (plain: boolean): StatedFood => {
      const code =
        plain && main.plainDefault !== undefined ? main.plainDefault : (named?.code ?? main.default);
      const label =
        plain && main.plainLabel !== undefined ? main.plainLabel : (named?.label ?? main.defaultLabel);
      return {
        code,
        label,
        kind: reader.kindOf(code),
        standIn: false,
        words: '',
        foodName: label,
        generic: true,
      };
    };
    if (main.kept === true) {
      // The dish is made of its default (eggs in an omelette): stated foods go beside it, unless one is
      // it or what stands in for it (tofu in a tofu scramble), or the diet or a "no" leaves it out.
      const replaced =
        allowed.some((food) => food.code === main.default || food.code === main.plainDefault) ||
        reading.without.some((word) => main.defaultLabel.split(' ').includes(word));
      if (replaced) return allowed.length > 0 ? allowed : [defaultMain(true)];
      return [defaultMain(dietLeavesOut), ...allowed];
    }
    // "veg", "veggie" only say it is a vegetable dish: a burger's is a plant-based patty.
    const onlyGeneric = allowed.length > 0 && allowed.every((food) => food.generic);
    if (allowed.length > 0 && !(onlyGeneric && main.plainDefault !== undefined)) return allowed;
    return [defaultMain(onlyGeneric || dietLeavesOut)];
  };

  return {
    read: (text) => reader.read(text),
    servingGroup: (reading) =>
      reading.template === null ? null : servingGroupOf(reading.template, reading.mains),
    // Exactly, not through a typo: whether a line of a message names a dish is judged on what it says.
    namesType: (text) => reader.typeOf(foldWords(text).split(' '), false) !== null,
    typeWords(text) {
      const words = foldWords(text).split(' ');
      const found = reader.typeOf(words, false);
      return found === null ? null : words.slice(found.span.from, found.span.to).join(' ');
    },
    compose(text) {
      const reading = reader.read(text);
      const { template } = reading;
      if (template === null) return null;
      // A name stating no food the catalog knows, but a word it does not ("fruit platter", "Nachos
      // BellGrande"), may name its main by that word: not built with a default in its place, unless
      // a diet says what the main is.
      if (reading.mains.length === 0 && reading.unknownInName > 0 && reading.diet === null) return null;
      const mains = mainsFor(template, reading);
      // A side alone ("sweet potato fries") is served as a side, not as a plate with a main.
      const group = servings.groups[servingGroupOf(template, mains)];
      if (group === undefined) return null;
      // The main's weight goes to the stated proteins ("beef and broccoli stir fry" is mostly beef);
      // vegetables beside them take half as much again between them.
      const proteins = mains.filter((food) => food.kind !== 'plant');
      const plants = mains.filter((food) => food.kind === 'plant');
      // A kept default (eggs in an omelette) is the main's weight; what the name adds shares half as much.
      const kept = template.main.kept === true && mains[0]?.words === '' ? mains[0] : undefined;
      const gramsOf = (food: StatedFood) =>
        kept !== undefined
          ? food === kept
            ? template.main.grams
            : template.main.grams / 2 / (mains.length - 1)
          : proteins.length === 0
            ? template.main.grams / plants.length
            : food.kind === 'plant'
              ? template.main.grams / 2 / plants.length
              : template.main.grams / proteins.length;
      const portions: Portion[] = [
        ...mains.map((food) => ({ code: food.code, label: food.label, grams: gramsOf(food) })),
        ...partsFor(template, reading),
      ];
      // The recipe is for one serving of its own weight; the serving is its type's (FNDDS), enlarged
      // to hold a portion of a meat, a fish or eggs it is made of, as a named dish is (portion-norms.ts).
      const recipeGrams = portions.reduce((sum, portion) => sum + portion.grams, 0);
      const held = holdPortions(text, template, portions.slice(0, mains.length), group.grams / recipeGrams);
      const servingGrams = group.grams * held.scale;
      const scale = servingGrams / recipeGrams;
      const contributors: Contributor[] = [];
      const ingredients: PricedIngredient[] = [];
      for (const portion of portions) {
        const food = catalog.food(portion.code);
        if (food === null) return null;
        const grams = portion.grams * scale;
        const kgCo2e = (grams / 1000) * food.kgCo2ePerKg;
        contributors.push({ name: portion.label, grams, kgCo2e, share: 0 });
        ingredients.push({ code: portion.code, grams, kgCo2e });
      }
      const total = contributors.reduce((sum, contributor) => sum + contributor.kgCo2e, 0);
      for (const contributor of contributors) contributor.share = total > 0 ? contributor.kgCo2e / total : 0;
      contributors.sort((a, b) => b.kgCo2e - a.kgCo2e);
      const milk = template.parts.find(
        (part) => part.kind === 'dairy' && part.veganSwap !== undefined,
      )?.veganSwap;
      // A kept default goes without saying: an "egg dish with mushrooms" holds eggs.
      const labels = [
        ...(kept === undefined || mains.length === 1 ? mains : mains.slice(1)).map((food) => food.label),
        ...(reading.plantMilk && milk !== undefined ? [plantMilkLabel(milk)] : []),
      ].join(' and ');
      const how = `${article(template.type)} ${template.type} recipe with ${labels}${reading.diet === null ? '' : `, ${reading.diet}`}`;
      const notes = [
        `Built from ${article(template.type)} ${template.type} recipe with ${labels}: the catalog names no such dish. A ${Math.round(servingGrams)} g serving (${group.label}, ${SERVINGS_CREDIT}${held.norm === null ? '' : `, enlarged from ${Math.round(group.grams)} g to hold a portion of ${held.norm.kind}, ${held.norm.grams} g`}).`,
        ...mains
          .filter((food) => food.standIn)
          .map((food) => `The catalog has no item for ${food.label}; a close food stands in for it.`),
        ...(reading.unknown.length === 0 ? [] : [`Not read as a food: "${reading.unknown.join(' ')}".`]),
      ];
      const name = `${capitalise(template.type)} with ${labels}${reading.diet === 'vegan' ? ' (vegan)' : ''}`;
      // Priced on every dataset and judged on all of them, as a named dish is (figures/dish.ts).
      const result = onDishFigures<RecipeResult>(
        {
          kind: 'recipe',
          query: text,
          name,
          kgCo2ePerServing: total,
          climateFriendly: { value: 'unknown', raw: null },
          thresholdKgPerServing: CLIMATE_FRIENDLY_MAX_KG_PER_SERVING,
          level: recipeLevel(total),
          contributors,
          confidence: null,
          status: null,
          notes,
          source: catalog.source,
        },
        catalog.figures,
        catalog.basis ?? 'agribalyse',
        { entry: null, ingredients, servingGrams },
      );
      return { how, result, reading };
    },
  };
}

/** A type's serving group, or its side serving when the foods it is made of are all plants. */
function servingGroupOf(template: DishTemplate, mains: readonly StatedFood[]): string {
  const side = template.sideServing !== undefined && mains.every((food) => food.kind === 'plant');
  return side ? template.sideServing! : template.serving;
}

/** "a curry", "an egg dish". */
function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
