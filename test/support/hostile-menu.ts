/** The dishes of the 50-line hostile menus the compare tests post, one a line, round and round. */
export const MENU_DISHES = [
  'lasagne',
  'dal',
  'chicken curry',
  'beef burger',
  'falafel wrap',
  'pad thai',
  'tomato soup',
] as const;

/** Fifty numbered menu lines, each laid out by `line` with its dish and index (the hostile markup). */
export function hostileMenuLines(line: (dish: string, i: number) => string): string[] {
  return Array.from({ length: 50 }, (_, i) => line(MENU_DISHES[i % MENU_DISHES.length]!, i));
}
