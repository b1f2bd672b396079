import { foodJudge } from '../../src/compare/compare.js';
import { readMenu } from '../../src/compare/menu.js';
import { loadCatalog } from '../../src/sources/catalog/index.js';

/**
 * Shared by the menu-shape tests (menu-dropped-lines, menu-dish-in-line, menu-sentences,
 * menu-columns): shapes of posted menus the reader tells apart by their structure, each written for
 * those tests (not taken from the blind sets): the mechanism, not the case.
 */
const catalog = loadCatalog();

/** The options the menu reader takes out of a message, as their text. */
export const menuOptionNames = (message: string): string[] =>
  readMenu(message, foodJudge({ catalog: () => catalog })).options.map((option) => option.text);
