import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { dataDir as defaultDataDir } from '../core/data-dir.js';
import { SourceUnavailableError } from '../core/errors.js';

/**
 * Dish templates (data/curated/dish-templates.json): what a dish the catalog does not name is made
 * of, per serving, so it can be built from the parts its name states (compose.ts). Words are folded.
 */

const Folded = z.string().regex(/^[a-z0-9]+(?: [a-z0-9]+)*$/, 'folded: lowercase, digits, single spaces');
const Code = z.string().min(1);
/** What animal a part comes from, when one: a vegan dish leaves it out (or swaps it). */
export const PartKindSchema = z.enum(['dairy', 'egg']);

export const DishPartSchema = z.object({
  /** Agribalyse code of the catalog food it is priced as. */
  code: Code,
  /** How the answer names it: "rice", "curry sauce". */
  label: z.string().min(1),
  /** Grams in one serving of the template's recipe, as eaten. */
  grams: z.number().positive(),
  kind: PartKindSchema.optional(),
  /** What a vegan dish has instead (plant-based cheese for mozzarella); absent, the part is left out. */
  veganSwap: Code.optional(),
});
export type DishPart = z.infer<typeof DishPartSchema>;

export const DishTemplateSchema = z.object({
  /** The dish type as the answer says it: "curry", "stir fry". */
  type: z.string().min(1),
  /** Words and phrases that name it ("masala", "rogan josh"): folded, singular or plural. */
  words: z.array(Folded).min(1),
  /** The group of data/servings.json its serving weight is taken from. */
  serving: z.string().min(1),
  main: z.object({
    /** Grams of the main ingredient(s) the text states, in one serving of the recipe. */
    grams: z.number().positive(),
    /** The main when none is stated (mixed vegetables, beef for a burger). */
    default: Code,
    defaultLabel: z.string().min(1),
    /** The main when none is stated and the dish is vegan or vegetarian, if the default is not. */
    plainDefault: Code.optional(),
    plainLabel: z.string().min(1).optional(),
    /**
     * The default is what the dish is made of, not a filling (eggs in an omelette): the foods a name
     * states go beside it ("mushroom omelette"), unless one is it or its plain default ("tofu scramble").
     */
    kept: z.boolean().optional(),
    /**
     * The default is what a dish of this type is usually made of, so a name stating no main is
     * understood as it: a burger is beef, a hot dog a sausage, a latte espresso and milk. Without it
     * the default only stands in (a curry's mixed vegetables, a taco's beans), and a dish whose name
     * states neither its main nor a diet is not ranked as if its main were known (certainty.ts).
     */
    usual: z.boolean().optional(),
    /**
     * The main a word of the type names when the name states none, where it differs from the default:
     * "suya" is beef and "yakitori" chicken, where a kebab is lamb.
     */
    byWord: z.record(Folded, z.object({ code: Code, label: z.string().min(1) })).optional(),
  }),
  parts: z.array(DishPartSchema).min(1),
  /**
   * Usually a side ("chips", "rice", "salad"): a name naming another type too is that one ("beef stew &
   * dumplings" is a stew, "chicken caesar & bacon baguette" a sandwich).
   */
  side: z.boolean().optional(),
  /**
   * The group of data/servings.json a dish of this type is served by when its name states no meat,
   * fish, dairy, egg or protein: it is then a side ("sweet potato fries", "chips & guac" are a side of
   * potatoes, not a plate of chips with a main).
   */
  sideServing: z.string().min(1).optional(),
  /**
   * Words that, in a dish of this type, name the plant milk its dairy is swapped for ("oat" in an
   * "oat flat white"): not a main food.
   */
  plantMilk: z.array(Folded).optional(),
  /**
   * A sweet dish's type a stated meat or fish makes savoury ("steak & kidney pud" is a pie, not a
   * pudding): one of the templates' types.
   */
  savouryType: z.string().min(1).optional(),
});
export type DishTemplate = z.infer<typeof DishTemplateSchema>;

export const DishTemplatesFileSchema = z.object({
  $comment: z.string().optional(),
  /** Words stating a diet: "vegan", "plant based"; "vegetarian", "veggie". */
  diets: z.object({ vegan: z.array(Folded).min(1), vegetarian: z.array(Folded).min(1) }),
  /** Words leaving something out: before it ("no cheese", "without egg") or after it ("dairy free"). */
  without: z.object({ before: z.array(Folded).min(1), after: z.array(Folded).min(1) }),
  /** How a dish is made or sold, not what of ("crispy", "katsu", "thai"): never read as a food. */
  styleWords: z.array(Folded),
  /** Words of animal foods, for vegan dishes and for "no cheese". */
  animalProducts: z.object({
    cheese: z.array(Folded).min(1),
    dairy: z.array(Folded).min(1),
    egg: z.array(Folded).min(1),
    other: z.array(Folded),
  }),
  /** Plant foods named after animal ones ("coconut milk", "butter bean"): no dairy in them. */
  plantNames: z.array(Folded),
  /**
   * What kind of food a catalog category holds, for vegan and vegetarian dishes and for which stated
   * foods are proteins; a category not listed holds plant foods.
   */
  categoryKinds: z.record(z.string().min(1), z.enum(['meat', 'fish', 'dairy', 'egg', 'protein'])),
  /**
   * Cuts a meat is sold as, which after a plant food name its shape, not a meat: "cauliflower steak",
   * "seitan wings", "mushroom bacon".
   */
  cutWords: z.array(Folded),
  /** Catalog categories of the plant foods a cut after one is the shape of (vegetables, not spices). */
  shapeCategories: z.array(z.string().min(1)),
  /**
   * Catalog categories of foods a dish's name states as its flavour, never its main ("cinnamon bun",
   * "saffron rice"): they are set aside as a style word is.
   */
  flavourCategories: z.array(z.string().min(1)),
  /** Joining words and articles, which say nothing a dish is made of (certainty.ts). */
  linkingWords: z.array(Folded),
  /**
   * Catalog categories of plant proteins a dish may well hold unsaid (lentils in a soup, nuts in a
   * pastry): an answer holding one adds no main the option does not state (certainty.ts).
   */
  unsaidPlantProteins: z.array(z.string().min(1)),
  /**
   * Meats a diet word before them names the plant-based version of ("veggie bangers", "vegan
   * burger", "vegetarian mince"), by the word and the catalog code of that version.
   */
  plantVersions: z.record(Folded, z.object({ code: Code, label: z.string().min(1) })),
  /** Words of foods that are a dish's protein without meat: a side naming one states the main ("with tofu"). */
  proteinWords: z.array(Folded),
  /** Ingredient words the product matcher reads poorly, by code; `standIn` when the item stands in. */
  mains: z.record(
    Folded,
    z.object({
      code: Code,
      label: z.string().min(1),
      standIn: z.boolean().optional(),
      /** Says only what kind of food ("veg"): a dish of any vegetables keeps it. */
      generic: z.boolean().optional(),
    }),
  ),
  /**
   * The type of a dish whose name names none but whose brackets list what it is made of ("Pollo
   * asado (chicken, rice & black beans)"): one of the templates' types.
   */
  fillingsType: z.string().min(1),
  templates: z.array(DishTemplateSchema).min(1),
});
export type DishTemplatesFile = z.infer<typeof DishTemplatesFileSchema>;

export const DISH_TEMPLATES_FILE = 'curated/dish-templates.json';

let memoised: DishTemplatesFile | undefined;

/** Reads and validates the templates once per process; a missing or invalid file is SourceUnavailableError. */
export function loadDishTemplates(dataDir?: string): DishTemplatesFile {
  if (dataDir === undefined && memoised !== undefined) return memoised;
  const path = join(dataDir ?? defaultDataDir(), DISH_TEMPLATES_FILE);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SourceUnavailableError(`could not read ${path}: ${(error as Error).message}`);
  }
  const parsed = DishTemplatesFileSchema.safeParse(raw);
  if (!parsed.success)
    throw new SourceUnavailableError(`${DISH_TEMPLATES_FILE} is invalid: ${parsed.error.message}`);
  if (dataDir === undefined) memoised = parsed.data;
  return parsed.data;
}
