import { z } from 'zod';

/**
 * The hand-written matching knowledge (data/curated/lexicon.json and brands.json): what words mean to
 * the matcher, as data. Validated here on load and by the data build.
 */

/** Folded text: lowercase ASCII letters, digits and single spaces. */
const FoldedPhrase = z
  .string()
  .regex(/^[a-z0-9]+(?: [a-z0-9]+)*$/, 'folded: lowercase, digits, single spaces');

export const ExclusiveGroupSchema = z
  .object({
    name: z.string().min(1),
    /** Why a food stating one value is a different food from one stating another. */
    why: z.string().min(1),
    /**
     * Value → the (canonical) words that state it. A word stating two values says it is one or the
     * other ("poultry": chicken or turkey), and conflicts only with a third.
     */
    values: z.record(z.string(), z.array(FoldedPhrase).min(1)),
    /** A value that holds only when no other value is stated: a dish of beef and beans is a beef dish. */
    fallbackValue: z.string().optional(),
    /**
     * Per value a query asks for, values a food may state instead when none states it, said to be only
     * the closest match: frozen cod the catalog lacks is its raw (fresh) cod.
     */
    accepts: z.record(z.string(), z.array(z.string())).optional(),
    /** Where the group decides: dish names rarely say "cooked", so only the animal matters for dishes. */
    appliesTo: z.array(z.enum(['products', 'dishes'])).min(1),
    /**
     * The group says which food it is (an animal), not a state of it: a name stating a value the query
     * does not is never the plain generic item, and ranks after one that states none.
     */
    definesFood: z.boolean().default(false),
  })
  .superRefine((group, context) => {
    // A value named anywhere but in `values` would never be read: a typo in the lexicon, said at load.
    const named = [
      ...(group.fallbackValue === undefined ? [] : [group.fallbackValue]),
      ...Object.entries(group.accepts ?? {}).flat(2),
    ];
    for (const value of named) {
      if (!(value in group.values))
        context.addIssue({ code: 'custom', message: `"${value}" is not a value of ${group.name}` });
    }
  });
export type ExclusiveGroup = z.infer<typeof ExclusiveGroupSchema>;

export const LexiconSchema = z.object({
  $comment: z.string().optional(),
  /** Words that carry no meaning on either side ("the", "of", "with"). */
  stopWords: z.array(z.string().min(1)),
  /** Words dropped from queries only: marketing and pack words a catalog name never needs. */
  marketingWords: z.array(z.string().min(1)),
  /** Spelling variants and UK/US words, reduced to one token (after singularising). */
  spellings: z.record(z.string(), z.string()),
  /**
   * Multi-word phrases rewritten before tokenising, on both sides ("sugar free" → "unsweetened"). Folded,
   * as the text they are found in is by then (hyphens are spaces): see PhraseTable.
   */
  phrases: z.record(FoldedPhrase, z.string()),
  /** Exceptions for the inflection library: [singular, plural] pairs, and words never singularised. */
  inflection: z.object({
    irregular: z.array(z.tuple([z.string(), z.string()])),
    uncountable: z.array(z.string()),
  }),
  /** Words that describe a pack, cut, state or amount: never the head of a name or query. */
  packWords: z.array(z.string().min(1)),
  /** States a plain query does not mean: "broccoli" is raw broccoli, not frozen or canned. */
  nonDefaultStates: z.array(z.string().min(1)),
  exclusiveGroups: z.array(ExclusiveGroupSchema),
  /**
   * Words that say the query is not about food ("soap", "charger", "puppy"): such a query is refused
   * rather than matched on its food words ("lemon dish soap"). A word the catalog uses is never one.
   */
  nonFoodWords: z.array(z.string().min(1)),
  /**
   * Foods the catalog lacks, by a word (or a phrase's token) that names them ("naan", "crumpet"): a
   * query naming one is refused with suggestions, never answered with the neighbour its other words
   * find ("naan bread" is not a sandwich loaf). A word the catalog uses is never one.
   */
  absentFoods: z.array(z.string().min(1)),
  /**
   * Vessels a drink is served in, and utensils and appliances named after a food: as a query's last
   * word after a food ("coffee mug", "ice cream scoop", "coffee machine") they name the thing, not the
   * food it holds or makes ("a mug of coffee" is coffee).
   */
  vesselWords: z.array(z.string().min(1)),
  /** Offered for an empty autocomplete box: common staples chosen by hand, not measured from usage. */
  popularProducts: z.array(z.string().min(1)),
});
export type Lexicon = z.infer<typeof LexiconSchema>;

export const BrandSchema = z.object({
  brand: z.string().min(1),
  /** Spellings as people type them, folded. */
  match: z.array(FoldedPhrase).min(1),
  /** The generic food the brand's name alone means, or null when it sells many unrelated foods. */
  food: z.string().min(1).nullable(),
  /**
   * The Agribalyse code of the catalog item nearest to what the brand's name alone means ("Mars" is a
   * coated chocolate bar), reviewed by hand: a brand asked for alone is answered with it, said to be
   * the closest match. Absent when the catalog has nothing near enough.
   */
  item: z.string().min(1).optional(),
  kind: z.enum(['retailer', 'brand', 'restaurant']),
  region: z.enum(['UK', 'US', 'EU', 'global']),
});
export type Brand = z.infer<typeof BrandSchema>;

export const BrandsFileSchema = z.array(BrandSchema).superRefine((brands, context) => {
  const seen = new Map<string, string>();
  for (const [index, brand] of brands.entries()) {
    for (const spelling of brand.match) {
      const other = seen.get(spelling);
      if (other !== undefined && other !== brand.brand) {
        context.addIssue({
          code: 'custom',
          message: `"${spelling}" also names ${other}`,
          path: [index, 'match'],
        });
      }
      seen.set(spelling, brand.brand);
    }
  }
});

/** The top level of brands.json, for a file whose checksum shows the data build validated it (load.ts). */
export const BrandsFileShape = z.array(z.unknown()).min(1);
