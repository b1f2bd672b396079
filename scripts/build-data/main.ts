/**
 * `npm run build:data`: derives data/*.json from the raw datasets in ../shared/data (or
 * CARBON_RAW_DATA_DIR). The app only ever reads the committed output.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIGURES_FILE } from '../../src/figures/load.js';
import {
  BRANDS_FILE,
  CHECKSUMS_FILE,
  loadCurated,
  NAME_TOKENS_FILE,
} from '../../src/sources/catalog/load.js';
import { buildData, checksumsFile, OUTPUT_FILES, serialise } from './build.js';
import { buildEquivalences } from './equivalences.js';
import { nameTokensFile } from './name-tokens.js';
import { DATA_DIR, missingRawData } from './paths.js';

const missing = missingRawData();
if (missing !== null) {
  process.stderr.write(`build:data: ${missing}\n`);
  process.exit(1);
}
const output = await buildData();
const written: Record<string, string> = {};
for (const [key, file] of Object.entries(OUTPUT_FILES) as [keyof typeof OUTPUT_FILES, string][]) {
  written[file] = serialise(output[key]);
  writeFileSync(join(DATA_DIR, file), written[file]);
}
// Tokens of the names just written, with the committed lexicon: the app loads them instead of
// normalising every name again.
const curated = loadCurated(DATA_DIR);
written[NAME_TOKENS_FILE] = serialise(
  nameTokensFile(
    output.products,
    output.recipes,
    curated.lexicon,
    curated.brands,
    readFileSync(join(DATA_DIR, 'curated/lexicon.json'), 'utf8'),
  ),
);
writeFileSync(join(DATA_DIR, NAME_TOKENS_FILE), written[NAME_TOKENS_FILE]);
// The checksums of exactly the bytes written, and of the brands read, whose content was validated
// with the full schemas.
writeFileSync(
  join(DATA_DIR, CHECKSUMS_FILE),
  serialise(checksumsFile({ ...written, [BRANDS_FILE]: readFileSync(join(DATA_DIR, BRANDS_FILE), 'utf8') })),
);
writeFileSync(join(DATA_DIR, FIGURES_FILE), serialise(output.figures));
// The equivalence factor needs no raw data: its cited inputs are in equivalences.ts.
writeFileSync(join(DATA_DIR, 'equivalences.json'), serialise(buildEquivalences()));
process.stdout.write(
  `build:data: ${output.products.products.length} products, ${output.products.categories.length} categories, ` +
    `${output.recipes.recipes.length} recipes → ${DATA_DIR}\n`,
);
const { fndds } = output;
process.stdout.write(
  `build:data: FNDDS dishes: ${fndds.kept} kept of ${fndds.candidates} candidates; dropped: ${JSON.stringify(fndds.dropped)}; ` +
    `${(fndds.mappedWeightShare * 100).toFixed(1)}% of the candidates' weight maps to catalog items\n` +
    `build:data: heaviest unmapped FNDDS ingredients: ${fndds.unmapped
      .slice(0, 10)
      .map((entry) => `${entry.description} (${entry.dishes} dishes)`)
      .join('; ')}\n`,
);
const { basedCooking } = output;
process.stdout.write(
  `build:data: based-cooking dishes: ${basedCooking.kept} kept of ${basedCooking.candidates} recipes; dropped: ${JSON.stringify(basedCooking.dropped)}; ` +
    `${basedCooking.assumedServings.recipes} kept recipes state no servings and were divided into servings of ${basedCooking.assumedServings.gramsPerServing} g; ${basedCooking.seasoningLines} lines with no amount taken as seasonings or optional\n`,
);
process.stdout.write(`build:data: based-cooking name clashes: ${JSON.stringify(basedCooking.clashes)}\n`);
const { figures } = output;
process.stdout.write(
  `build:data: independent figures: ${figures.foods.length} of ${output.products.products.length} foods and ${figures.dishes.length} dishes mapped to ${figures.items.length} entries of ${figures.datasets.length - 1} studies → ${FIGURES_FILE}\n`,
);
const enlarged = output.meals.filter((finding) => finding.fix === 'serving enlarged');
const aliasesDropped = output.meals.filter((finding) => finding.fix === 'alias dropped').length;
process.stdout.write(
  `build:data: dishes under a portion of what they are named after: ${output.meals.length - aliasesDropped} (${enlarged.length} FNDDS servings enlarged, ${output.meals.length - enlarged.length - aliasesDropped} accepted); still under a portion at twice FNDDS's serving: ${enlarged.filter((finding) => finding.fixedGrams < finding.portionGrams).length}; aliases dropped for naming what the dish holds under half a portion of, or for listing parts without the cheese its name states, or for stating vegan: ${aliasesDropped}\n` +
    output.meals
      .map((finding) =>
        finding.alias === undefined
          ? `  ${finding.dish}: ${finding.grams} g of ${finding.kind} in ${finding.servingGrams} g → ${finding.fixedGrams} g in ${finding.fixedServingGrams} g (${finding.fix})`
          : finding.kind === 'vegan'
            ? `  ${finding.dish}: alias "${finding.alias}" dropped, it states vegan and the dish holds an animal food`
            : finding.portionGrams === 0
              ? `  ${finding.dish}: alias "${finding.alias}" dropped, it lists parts without the ${finding.kind} the dish's name states`
              : `  ${finding.dish}: alias "${finding.alias}" dropped, ${finding.grams} g of ${finding.kind} in ${finding.servingGrams} g (a portion is ${finding.portionGrams} g)`,
      )
      .join('\n') +
    '\n',
);
