import { formatKg, unitLabel } from './format.js';
import { CLIMATE_FRIENDLY_MAX_KG_PER_SERVING } from './levels.js';
import { type FigureSource, isIngredientListResult, type LookupResult, type Verdict } from './result.js';

/**
 * The words every surface uses for where a figure comes from and what the other datasets say, and for
 * the climate verdict judged on all of them (core/verdict.ts). Renderers lay these sentences out; they
 * never word figures or verdicts themselves.
 */

/** "in France", "global average", "UK products": how a dataset's region reads before its figure. */
function regionPhrase(source: FigureSource): string {
  switch (source.region) {
    case 'global':
      return source.statistic === 'median' ? 'global median' : 'global average';
    case 'UK':
      return 'UK products';
    default:
      return `in ${source.region}`;
  }
}

function figure(source: FigureSource): string {
  return `${source.lowerBound ? 'at least ' : ''}${formatKg(source.kgCo2e)}`;
}

/** What the figure is of, beyond the dataset's own name: how it was made, and its median. */
function qualifiers(source: FigureSource, filler: string): string[] {
  const parts: string[] = [];
  if (source.medianKgCo2e !== null) parts.push(`median ${formatKg(source.medianKgCo2e)}`);
  if (source.method === 'part' && source.mappedShare !== null) {
    parts.push(
      `its own figures for the ${Math.round(source.mappedShare * 100)}% of the weight it has, the rest not counted`,
    );
  }
  if (source.method === 'ingredients' && source.mappedShare !== null) {
    parts.push(
      source.mappedShare >= 0.995
        ? 'its figures for every ingredient'
        : `its figures for ${Math.round(source.mappedShare * 100)}% of the weight, ${filler}'s for the rest`,
    );
  }
  if (source.kgPerKg !== null) {
    parts.push(
      source.kgPerKg < 1
        ? `per kg as sold; a kg of this food holds about ${formatKg(source.kgPerKg)} kg of it`
        : `per kg raw; a kg of this food takes about ${formatKg(source.kgPerKg)} kg of it`,
    );
  }
  return parts;
}

/** "in France" follows a figure; "global average" and "UK products" come before it. */
const follows = (phrase: string) => phrase.startsWith('in ');

/** The headline: "28.9 kg CO2e per kg in France (ADEME Agribalyse 3.2)", "99.5 kg CO2e per kg, global average (…)". */
function headlineText(source: FigureSource): string {
  const phrase = regionPhrase(source);
  return `${figure(source)} kg CO2e ${unitLabel(source.per)}${follows(phrase) ? ' ' : ', '}${phrase} (${source.label})`;
}

/** Another dataset: "global average 99.5 (median 59.6) for "Beef (beef herd)" (Poore & Nemecek 2018)". */
function otherText(source: FigureSource, headline: FigureSource, filler: string): string {
  const unit = source.per === headline.per ? '' : ` ${unitLabel(source.per)}`;
  const extra = qualifiers(source, filler);
  const named = source.method === 'entry' ? ` for "${source.name}"` : '';
  const detail = extra.length === 0 ? '' : `; ${extra.join('; ')}`;
  const phrase = regionPhrase(source);
  const value = `${figure(source)}${unit}`;
  return `${follows(phrase) ? `${value} ${phrase}` : `${phrase} ${value}`}${named} (${source.label}${detail})`;
}

function listLabels(labels: readonly string[]): string {
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}

/**
 * The answer's basis and range in one sentence: "28.9 kg CO2e per kg in France (ADEME Agribalyse 3.2);
 * global average 99.5 (median 59.6) for "Beef (beef herd)" (Poore & Nemecek 2018), UK products 130 for
 * "Beef steak" (Clark et al. 2022)". It says so where no other dataset has a figure.
 */
export function basisText(result: LookupResult): string {
  const sources = result.sources ?? [];
  const [headline, ...others] = sources;
  if (headline === undefined) {
    return `Figure from ${result.source.label}; no other dataset's figure is set beside it.`;
  }
  const parts = [headlineText(headline)];
  // Whatever a study does not price is priced with the catalog's own figures (its source has no statistic).
  const filler = (sources.find((source) => source.statistic === null) ?? headline).label;
  if (others.length > 0) parts.push(others.map((source) => otherText(source, headline, filler)).join(', '));
  const without = result.withoutFigure ?? [];
  // A food the catalog lacks, answered by a study's own entry, says that the catalog has none.
  if (result.kind === 'product' && result.catalogHasFood === false) {
    const [catalog, ...studies] = without;
    const lacks = [`${catalog} has no figure for this food`];
    if (studies.length > 0)
      lacks.push(`${listLabels(studies)} ${studies.length === 1 ? 'has' : 'have'} no entry for it`);
    parts.push(lacks.join(', and '));
    return `${parts.join('; ')}.`;
  }
  if (without.length > 0) {
    const lacks =
      result.kind === 'product'
        ? `${without.length === 1 ? 'has' : 'have'} no entry for this food`
        : `${without.length === 1 ? 'prices' : 'price'} too little of this recipe to give a figure`;
    parts.push(`${others.length === 0 ? 'no independent figure: ' : ''}${listLabels(without)} ${lacks}`);
  }
  return `${parts.join('; ')}.`;
}

/** "ADEME Agribalyse 3.2 (0.39 kg)", for a verdict that names figures. */
function named(source: FigureSource): string {
  return `${source.label} (${figure(source)} kg)`;
}

/**
 * The verdict in words that cannot be misread: it says which way the serving falls against the budget,
 * and when the datasets disagree, which ones say what.
 */
export function verdictText(result: LookupResult, verdict: Verdict): string {
  const threshold =
    result.kind === 'recipe' ? result.thresholdKgPerServing : CLIMATE_FRIENDLY_MAX_KG_PER_SERVING;
  const plate = threshold === CLIMATE_FRIENDLY_MAX_KG_PER_SERVING ? ' (WWF One Planet Plate)' : '';
  const budget = `the ${formatKg(threshold)} kg CO2e budget per serving${plate}`;
  const plain = `budget ${formatKg(threshold)} kg CO2e per serving${plate === '' ? '' : ', WWF One Planet Plate'}`;
  const sources = (result.sources ?? []).filter((source) => source.per === 'serving');
  const every =
    sources.length > 1 ? ` on every dataset (${listLabels(sources.map((source) => source.label))})` : '';
  const value = result.kind === 'recipe' ? result.kgCo2ePerServing : 0;
  switch (verdict.value) {
    case 'yes':
      return `Climate-friendly: within ${budget}${every}.`;
    case 'no':
      return sources.length > 1
        ? `Not climate-friendly: over ${budget}${every}.`
        : `Not climate-friendly: ${formatKg(value)} kg is over ${budget}.`;
    case 'depends': {
      const threshold =
        result.kind === 'recipe' ? result.thresholdKgPerServing : CLIMATE_FRIENDLY_MAX_KG_PER_SERVING;
      const over = sources.filter((source) => source.kgCo2e > threshold);
      const under = sources.filter((source) => source.kgCo2e <= threshold);
      return `Depends on the data: within ${budget} on ${listLabels(under.map(named))}, over it on ${listLabels(over.map(named))}.`;
    }
    case 'unknown':
      if (verdict.raw !== null)
        return `Climate verdict unknown: the source said "${verdict.raw}" (${plain}).`;
      return sources.some((source) => source.lowerBound) ||
        (isIngredientListResult(result) && result.ingredientList.incomplete)
        ? `Climate verdict unknown: ${formatKg(value)} kg so far is within ${budget}, but part of the recipe was not understood, so the real figure may be over it.`
        : `Climate verdict unknown (${plain}).`;
  }
}

/** One short verdict for a ranked option: "climate-friendly", "not climate-friendly", "depends on the data". */
export function verdictShort(verdict: Verdict, budgetKg: number): string {
  const budget = `${formatKg(budgetKg)} kg per meal`;
  switch (verdict.value) {
    case 'yes':
      return `climate-friendly (within ${budget} on every dataset)`;
    case 'no':
      return `not climate-friendly (over ${budget})`;
    case 'depends':
      return `depends on the data (within ${budget} on some datasets, over it on others)`;
    case 'unknown':
      return 'no climate verdict';
  }
}

/** Said when another dataset leads (CARBON_BASIS=global): what the rest of the answer is based on. */
export function headlineNote(headline: FigureSource, catalog: FigureSource): string {
  return `The figure is ${headline.label}'s (${regionPhrase(headline)}); the level follows it, and the category comparison, the swap and the contributors use ${catalog.label}'s figures.`;
}

/** The category comparison, said to be on the catalog's figures when another dataset leads. */
export function onCatalogFigures(comparison: string, catalog: FigureSource): string {
  return comparison.trim() === '' ? comparison : `On ${catalog.label}'s figures: ${comparison}`;
}
