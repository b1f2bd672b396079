/**
 * The decision sets of issue #19 (test/fixtures/decisions-2026/): posted menus and `/carbon compare`
 * commands, each with the options a person reading it would see, read into one list of cases.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** One option a person reading the message would see, with independent data about it. */
export const ExpectedOptionSchema = z.object({
  name: z.string().min(1),
  course: z.string().nullish(),
  /** The option's main protein as its text states or implies it ("tofu", "beef", "chickpeas"). */
  mainProtein: z.string().nullish(),
  /** "vegan", "vegetarian", "pescatarian", or anything else for no restriction. */
  diet: z.string().nullish(),
  portionGrams: z.number().nullish(),
  /** kg CO2e per serving from independent data (Poore & Nemecek, Clark), when the set gives one. */
  independentKgPerServing: z.number().nullish(),
  method: z.string().nullish(),
});
export type ExpectedOption = z.infer<typeof ExpectedOptionSchema>;

export const MenuCaseSchema = z.object({
  id: z.string(),
  platform: z.string().nullish(),
  kind: z.string().nullish(),
  text: z.string(),
  options: z.array(ExpectedOptionSchema),
  /** Lines of the message that are not options (chatter, headings); informative only. */
  notOptions: z.array(z.unknown()).optional(),
});
export const CompareCaseSchema = z.object({
  id: z.string(),
  text: z.string(),
  people: z.number().int().nullish(),
  options: z.array(ExpectedOptionSchema),
});
export const DecisionSetSchema = z.union([
  z.object({ menus: z.array(MenuCaseSchema) }),
  z.object({ compares: z.array(CompareCaseSchema) }),
]);
export type MenuCase = z.infer<typeof MenuCaseSchema>;
export type CompareCase = z.infer<typeof CompareCaseSchema>;

export interface DecisionCase {
  id: string;
  /** "menu" is read as a posted message, "compare" as the text after `/carbon compare`. */
  path: 'menu' | 'compare';
  text: string;
  platform: string | null;
  kind: string | null;
  people: number | null;
  options: ExpectedOption[];
}

export function loadDecisionSet(file: string): DecisionCase[] {
  const raw = DecisionSetSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  if ('menus' in raw) {
    return raw.menus.map((menu) => ({
      id: menu.id,
      path: 'menu',
      text: menu.text,
      platform: menu.platform ?? null,
      kind: menu.kind ?? null,
      people: null,
      options: menu.options,
    }));
  }
  return raw.compares.map((compare) => ({
    id: compare.id,
    path: 'compare',
    text: compare.text,
    platform: null,
    kind: null,
    people: compare.people ?? null,
    options: compare.options,
  }));
}
