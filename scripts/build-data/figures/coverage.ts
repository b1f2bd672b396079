/**
 * How much of the catalog, and of what people ask for, the independent figures cover (data/README.md,
 * "Independent figures"): `npx tsx scripts/build-data/figures/coverage.ts`. Not part of the build.
 * Foods count when a study's entry is that very food (what a product answer shows); dishes when a
 * study gives a per-serving figure. "Asked for" is the expected items of the query fixtures'
 * development halves (each query once, so common foods weigh as often as people typed them) and the
 * lexicon's popular products.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDishComposer } from '../../../src/compare/compose.js';
import { loadDishTemplates } from '../../../src/compare/dish-templates.js';
import { loadPortionNorms } from '../../../src/compare/portion-norms.js';
import { loadServings } from '../../../src/compare/servings.js';
import { loadCatalog } from '../../../src/sources/catalog/index.js';
import { DATA_DIR, REPO_ROOT } from '../paths.js';

const catalog = loadCatalog();
const figures = catalog.figures!;
const products = JSON.parse(readFileSync(join(DATA_DIR, 'products.json'), 'utf8')).products as {
  code: string;
  display: string;
}[];
const recipes = JSON.parse(readFileSync(join(DATA_DIR, 'recipes.json'), 'utf8')).recipes as {
  name: string;
}[];
const lexicon = JSON.parse(readFileSync(join(DATA_DIR, 'curated/lexicon.json'), 'utf8')) as {
  popularProducts: string[];
};

const studies = figures.independentDatasets.map((dataset) => dataset.id);
const foodStudies = (code: string) => new Set(figures.foodSources(code).map((source) => source.dataset));
const percent = (part: number, whole: number) => `${part}/${whole} (${((part / whole) * 100).toFixed(1)}%)`;

function line(label: string, codes: readonly string[]): string {
  const sets = codes.map(foodStudies);
  const any = sets.filter((set) => set.size > 0).length;
  const each = studies.map(
    (id) => `${id} ${percent(sets.filter((set) => set.has(id)).length, codes.length)}`,
  );
  return `| ${label} | ${percent(any, codes.length)} | ${each.join('; ')} |`;
}

const fixtures = join(REPO_ROOT, 'test/fixtures/queries-2026');
const asked: string[] = [];
const dishesAsked: string[] = [];
for (const file of readdirSync(fixtures).filter(
  (name) => name.endsWith('-dev.json') || name === 'products-dev2.json',
)) {
  const fixture = JSON.parse(readFileSync(join(fixtures, file), 'utf8')) as {
    found: { expected: string[] }[];
  };
  for (const entry of fixture.found)
    (file.startsWith('dishes') ? dishesAsked : asked).push(entry.expected[0]!);
}
const byDisplay = new Map(products.map((product) => [product.display, product.code]));
const popular = lexicon.popularProducts
  .map((name) => byDisplay.get(name))
  .filter((code) => code !== undefined);

const dishCovered = (name: string) => {
  try {
    // A study's part of a dish (method `part`, a lower bound) is not a per-serving figure for it.
    return (catalog.findRecipe(name).sources ?? []).slice(1).some((source) => source.method !== 'part');
  } catch {
    return false;
  }
};
const dishes = recipes.map((recipe) => recipe.name);

/**
 * A study's entry is reachable by name when asking for it by its own name (as a product) shows it:
 * the catalog's food mapped to it, the entry named beside the catalog's food, or the entry answering
 * for a food the catalog lacks. Entries of a dish the catalog names are its recipe's, asked for there.
 */
function reachable(item: { dataset: number; name: string }): 'product' | 'dish' | null {
  const dataset = figures.datasets[item.dataset]!.id;
  try {
    const shown = (catalog.findProduct(item.name).sources ?? []).some(
      (source) => source.dataset === dataset && source.name === item.name,
    );
    if (shown) return 'product';
  } catch {
    // Not a product: perhaps a dish.
  }
  const dish = (() => {
    try {
      return catalog.findRecipe(item.name);
    } catch {
      return null;
    }
  })();
  const dishEntry = dish?.sources?.some((source) => source.dataset === dataset && source.name === item.name);
  return dishEntry === true ? 'dish' : null;
}

const unreachable: string[] = [];
const entries = (figures as unknown as { items: readonly { dataset: number; name: string }[] }).items;
console.log("| studies' entries | reachable by their own name (as a product; as a dish) |\n| --- | ---: |");
for (const dataset of figures.independentDatasets) {
  const index = figures.datasets.indexOf(dataset);
  const own = entries.filter((item) => item.dataset === index);
  const found = own.map(reachable);
  const products = found.filter((each) => each === 'product').length;
  const asDishes = found.filter((each) => each === 'dish').length;
  console.log(
    `| ${dataset.label} (${own.length}) | ${percent(products + asDishes, own.length)} (${products}; ${asDishes}) |`,
  );
  unreachable.push(...own.filter((_item, at) => found[at] === null).map((item) => item.name));
}
console.log(`\nNot reachable by their own name: ${unreachable.join(', ')}`);
console.log('');
console.log('| foods | a study has that very food | each study |\n| --- | ---: | --- |');
console.log(
  line(
    'the catalog (Agribalyse 3.2)',
    products.map((product) => product.code),
  ),
);
console.log(line("asked for: the product development halves' expected items, per query", asked));
console.log(line("the lexicon's popular products", popular));
console.log(`\n| dishes | an independent per-serving figure |\n| --- | ---: |`);
console.log(
  `| the catalog's ${dishes.length} dishes | ${percent(dishes.filter(dishCovered).length, dishes.length)} |`,
);
console.log(
  `| asked for: the dish development halves' expected dishes, per query | ${percent(dishesAsked.filter(dishCovered).length, dishesAsked.length)} |`,
);

// Dishes the catalog does not name, built from a template of their type (src/compare/compose.ts):
// each word naming a type, alone (its default main) and with each of a few common stated mains.
const templates = loadDishTemplates();
const composer = createDishComposer(templates, loadServings(), catalog, loadPortionNorms());
const builtBy = new Map<string, Set<string>>();
for (const word of templates.templates.flatMap((template) => template.words))
  for (const text of [word, `chicken ${word}`, `beef ${word}`, `tofu ${word}`]) {
    const built = composer.compose(text);
    if (built === null || builtBy.has(built.result.name)) continue;
    const independent = (built.result.sources ?? []).slice(1).filter((source) => source.method !== 'part');
    builtBy.set(built.result.name, new Set(independent.map((source) => source.dataset)));
  }
const built = [...builtBy.values()];
console.log(
  `| built from a template (each type's words alone and with chicken, beef or tofu: ${built.length} dishes) | ${percent(built.filter((set) => set.size > 0).length, built.length)} (${studies.map((id) => `${id} ${built.filter((set) => set.has(id)).length}`).join('; ')}) |`,
);
console.log(
  `\nBuilt without an independent figure: ${[...builtBy]
    .filter(([, set]) => set.size === 0)
    .map(([name]) => name)
    .join('; ')}`,
);
