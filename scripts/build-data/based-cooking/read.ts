import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Servings, takeServings } from '../../../src/recipes/list-text.js';
import { listVocabulary } from '../../../src/recipes/words.js';

/**
 * The based-cooking recipes (public domain, Unlicense; PROVENANCE.md §9): Markdown files with YAML
 * front matter (`title`, `tags`), a short introduction, a list of facts ("🍽️ Servings: 4") and an
 * "## Ingredients" bullet list, sometimes split under "### Filling"-style sub-headings.
 */

export interface BasedRecipe {
  /** The file name without ".md": the recipe's id in the repository. */
  id: string;
  title: string;
  tags: string[];
  /** The servings the recipe states before its ingredients, or null when it states none. */
  servings: Servings | null;
  ingredients: string[];
}

/** The bullet lines under "## Ingredients", up to the next second-level heading. */
export function ingredientBullets(markdown: string): string[] {
  const start = markdown.search(/^##\s*Ingredients/im);
  if (start < 0) return [];
  const bullets: string[] = [];
  for (const line of markdown.slice(start).split('\n').slice(1)) {
    if (/^##\s/.test(line)) break;
    const bullet = /^\s*[-*+]\s+(.*\S)\s*$/.exec(line);
    if (bullet !== null) bullets.push(bullet[1]!);
  }
  return bullets;
}

function frontMatter(markdown: string): Record<string, string> {
  const block = /^---\n([\s\S]*?)\n---/.exec(markdown)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const line of block.split('\n')) {
    const field = /^(\w+):\s*(.*)$/.exec(line);
    if (field !== null) fields[field[1]!] = field[2]!.trim();
  }
  return fields;
}

function unquote(text: string): string {
  return text.replace(/^(["'])(.*)\1$/, '$2').trim();
}

/**
 * "Servings: 4", "Serves 3 to 5." (4), "Servings: 6+" (6), "Servings: Five-dozen individual cookies"
 * (60): the number right after the word; a range is read as its middle, as a chat list's "serves 4-6"
 * is. "Servings: 2 litres" is a volume, not servings, and "Servings: Depends" states none.
 */
export function factServings(statement: string): number | null {
  const fact =
    /^serv(?:ings?|es)\s*:?\s*(\d{1,3}|one|two|three|four|five|six|eight|ten|twelve)\b(?:\s*(?:-|–|to|~|\/)\s*(\d{1,3})\b)?(-?\s*dozen)?(?!\s*(?:litres?|liters?|l|ml|cups?|g|kg)\b)/i.exec(
      statement,
    );
  if (fact === null) return null;
  const low = listVocabulary().words.numbers[fact[1]!.toLowerCase()] ?? Number(fact[1]);
  const high = fact[2] === undefined ? low : Math.max(low, Number(fact[2]));
  const count = ((low + high) / 2) * (fact[3] === undefined ? 1 : 12);
  return count > 0 ? count : null;
}

/** Prose that states servings: "this serves 4", "for about two hearty adult portions", "for 3-4 people". */
const PROSE_SERVINGS =
  /\b(?:serves|feeds)\s+(?:about\s+|around\s+)?(\d{1,2}|one|two|three|four|five|six|eight|ten|twelve)(?:\s*(?:-|to)\s*(\d{1,2}))?\b(?!\s+days)|\b(?:for|makes)\s+(?:about\s+)?(\d{1,2}|two|three|four|five|six|eight|ten|twelve)(?:\s*-\s*(\d{1,2}))?\s+(?:(?:hearty|adult|large|small)\s+){0,2}(?:portions|servings|people)\b/i;

/**
 * The servings statement: the "Servings:" fact line first ("🍽️ Servings: 4", "Servings: 4-6" read as
 * 5, "Servings: 4 patties"), read with the same rules as a chat list's "serves 4"; else a sentence of
 * the introduction that says how many it serves ("The ingredients below are for 2 hearty portions").
 * Only the text before "## Ingredients" is read, and loose phrases such as "eat it for 2 or 3 days" or
 * "one person for many days" are not taken.
 */
export function statedServings(markdown: string): Servings | null {
  const body = markdown.replace(/^---\n[\s\S]*?\n---/, '');
  const end = body.search(/^##\s*Ingredients/im);
  const head = end < 0 ? body : body.slice(0, end);
  const lines = head.split('\n');
  // A fact line: a bullet, perhaps an emoji, then "Servings"/"Serves" (not "One serving should…").
  const fact = lines.find((line) => /^[^\p{L}\d]{0,8}serv(?:ings?|es)\b/iu.test(line));
  if (fact !== undefined) {
    const statement = fact.replace(/^[^\p{L}\d]+/u, '').trim();
    const servings = factServings(statement);
    if (servings !== null) return { count: servings, statement };
  }
  for (const line of lines) {
    const prose = PROSE_SERVINGS.exec(line);
    if (prose === null) continue;
    const statement = prose[0];
    const servings = takeServings(statement.replace(/^(?:for|makes)\s+(?:about\s+)?/i, 'serves ')).servings;
    if (servings !== null) return { count: servings.count, statement };
  }
  return null;
}

export function readBasedRecipe(id: string, markdown: string): BasedRecipe {
  const fields = frontMatter(markdown);
  const tags = [...(fields.tags ?? '').matchAll(/['"]([^'"]+)['"]/g)].map((match) => match[1]!.toLowerCase());
  return {
    id,
    title: unquote(fields.title ?? id),
    tags,
    servings: statedServings(markdown),
    ingredients: ingredientBullets(markdown),
  };
}

/** Every recipe of the directory, in file-name order. */
export function readBasedRecipes(dir: string): BasedRecipe[] {
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.md') && !file.startsWith('_'))
    .sort();
  return files.map((file) => readBasedRecipe(file.slice(0, -3), readFileSync(join(dir, file), 'utf8')));
}
