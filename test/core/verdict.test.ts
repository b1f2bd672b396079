import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCommandText } from '../../src/core/commands/parse.js';
import { commandHandler } from '../../src/core/commands/run.js';
import { IngredientListResultSchema } from '../../src/core/result.js';
import { climateVerdict } from '../../src/core/verdict.js';
import { createLogger } from '../../src/logging/logger.js';
import { ServedIngredientListBodySchema } from '../../src/service/ingredient-list.js';
import { createCatalogSource, loadCatalog } from '../../src/sources/catalog/index.js';
import { runMain } from '../cli/run-main.js';
import { type RunningTestService, startTestService } from '../service/helpers.js';
import { testServices } from '../support/services.js';

describe('climateVerdict: judged on every dataset', () => {
  const figure = (kgCo2e: number, lowerBound = false) => ({ kgCo2e, lowerBound });

  it('is yes only when every figure is within the budget, and none is only a lower bound', () => {
    expect(climateVerdict([figure(0.39), figure(0.45)])).toBe('yes');
    expect(climateVerdict([figure(0.5)])).toBe('yes');
    expect(climateVerdict([figure(0.39, true), figure(0.45, true)])).toBe('unknown');
  });

  it('is no when every figure is over it, lower bounds included', () => {
    expect(climateVerdict([figure(1.2), figure(3.4, true)])).toBe('no');
    expect(climateVerdict([figure(0.51)])).toBe('no');
  });

  it('depends on the data when the figures fall on both sides', () => {
    expect(climateVerdict([figure(0.39), figure(0.79)])).toBe('depends');
    expect(climateVerdict([figure(0.39, true), figure(0.79, true)])).toBe('depends');
  });

  it('is unknown with no figure at all', () => {
    expect(climateVerdict([])).toBe('unknown');
  });
});

/**
 * One verdict per input: an ingredient list with a skipped line (its figure only a lower bound) used
 * to get "yes" from the service, which turned "unknown" into the threshold's answer, and "unknown" from
 * the CLI. Now both, and chat, read the result's own verdict.
 */
describe('one verdict for the same ingredient list on the service, the CLI and chat', () => {
  // A line with no amount stays unknown whatever foods the catalog or its stand-ins learn.
  const LIST = '150g rice, 1 egg, 100g peas, crusty bread to serve, serves 2';
  let svc: RunningTestService;
  beforeAll(async () => {
    svc = await startTestService(loadCatalog());
  });
  afterAll(() => svc.close());

  it('agrees on every surface, and is not "yes" while part of the list is unknown', async () => {
    const served = ServedIngredientListBodySchema.parse(
      (await svc.get(`/recipe?recipe=${encodeURIComponent(LIST)}`)).json(),
    );
    const run = await runMain(['recipe', LIST, '--json'], { env: { CARBON_SOURCE: 'catalog' } });
    const cli = IngredientListResultSchema.parse(JSON.parse(run.stdout));
    const logger = createLogger({ level: 'silent' });
    const parsed = parseCommandText(`recipe ${LIST}`, 'slack');
    if (!('request' in parsed)) throw new Error('expected a request');
    const reply = await commandHandler(testServices(createCatalogSource(loadCatalog()), logger), 'slack')(
      parsed.request,
      { signal: new AbortController().signal, logger },
    );
    if (reply.type !== 'result' || reply.result.kind !== 'recipe') throw new Error('expected a recipe');

    expect(served.ingredient_list.lines.some((line) => line.status === 'skipped')).toBe(true);
    expect(served.climate_friendly).toBe(cli.climateFriendly.value);
    expect(reply.result.climateFriendly.value).toBe(cli.climateFriendly.value);
    expect(served.climate_friendly).not.toBe('yes');
    expect(served.sources.map((source) => source.dataset)).toEqual(
      (cli.sources ?? []).map((source) => source.dataset),
    );
  });
});
