import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/logging/logger.js';
import { type ApiSource, createApiSource } from '../../../src/sources/api/index.js';
import { createCatalogSource, loadCatalog } from '../../../src/sources/catalog/index.js';
import { type FakeGreenSwapp, startFakeGreenSwapp } from '../../support/fake-greenswapp.js';
import { slashCommandForm } from '../../support/fake-slack.js';
import { expectNoSlackControlSequences, expectWithinBlockKitLimits } from './block-kit.js';
import { type Harness, SIGNING_SECRET, startHarness } from './harness.js';

/** The answer, from the ack or, on a loaded machine where the budget ran out, from response_url. */
async function answer(h: Harness, text: string): Promise<unknown> {
  const responseUrl = h.fake.responseUrl();
  const ack = await send(h, text, responseUrl);
  if (!String(ack.json?.text).startsWith('Looking up')) return ack.json;
  return (await h.fake.nextResponse(responseUrl)).body;
}

/** The Slack app end to end with the real sources: the built-in catalog and the API client. */

const send = (h: Harness, text: string, responseUrl = h.fake.responseUrl()) =>
  h.fake.send(h.eventsUrl, slashCommandForm(text, responseUrl), SIGNING_SECRET);

describe('Slack with the built-in catalog', () => {
  let h: Harness;
  beforeAll(async () => {
    // Catalog lookups are in memory, so answers normally come in the ack; the assertions read the
    // card wherever it arrives, so a loaded CI machine that misses the budget still passes.
    h = await startHarness(createCatalogSource(loadCatalog()), 'http', { ackBudgetMs: 2_000, retries: 0 });
  });
  afterAll(async () => h.close());

  it('answers a product with value per litre, swap and attribution', async () => {
    const card = (await answer(h, 'product oat milk')) as { text: string; blocks: never[] };
    expectWithinBlockKitLimits(card);
    const text = JSON.stringify(card);
    expect(text).toContain('per litre');
    expect(text).toContain('Lower-carbon swap');
    expect(text).toContain('Data: Built-in catalog');
  });

  it('answers a recipe with its verdict and main contributors', async () => {
    const card = (await answer(h, 'recipe lasagne')) as { text: string; blocks: never[] };
    expectWithinBlockKitLimits(card);
    const text = JSON.stringify(card);
    expect(text).toContain('Not climate-friendly');
    expect(text).toContain('Main contributors');
    expect(text).toContain('beef mince');
  });

  it('answers hostile names with an escaped not-found message', async () => {
    const card = (await answer(h, 'product <!channel> zzqx <@U123> @here')) as {
      text: string;
      blocks: never[];
    };
    expectWithinBlockKitLimits(card);
    expectNoSlackControlSequences(card);
    expect(JSON.stringify(card)).toContain('No product found');
  });
});

describe('Slack with the GreenSwapp API source', () => {
  let h: Harness;
  let upstream: FakeGreenSwapp;
  let source: ApiSource;
  beforeAll(async () => {
    upstream = await startFakeGreenSwapp({ apiKey: 'k-123' });
    source = createApiSource({
      apiKey: 'k-123',
      baseUrl: upstream.url,
      trialUrl: upstream.url,
      timeoutMs: 1_000,
      logger: silentLogger(),
      cache: false,
      retry: { attempts: 1, minDelayMs: 0, maxDelayMs: 0 },
    });
    h = await startHarness(source, 'http', { ackBudgetMs: 150, retries: 0 });
  });
  afterAll(async () => {
    await h.close();
    await source.close();
    await upstream.close();
  });

  it('answers a quick API lookup', async () => {
    expect(JSON.stringify(await answer(h, 'recipe vegetable curry'))).toContain('Climate-friendly:');
  });

  it('acks "Looking up…" when the API is slower than the budget, then answers through response_url', async () => {
    upstream.respondOnce({ delayMs: 400 });
    const responseUrl = h.fake.responseUrl();
    const ack = await send(h, 'product oat milk', responseUrl);
    expect(ack.json?.text).toBe('Looking up the product “oat milk”…');
    const late = await h.fake.nextResponse(responseUrl);
    expect(JSON.stringify(late.body)).toContain('kg CO2e');
  });

  it('reports an API timeout through response_url', async () => {
    upstream.respondOnce({ delayMs: 3_000 });
    const responseUrl = h.fake.responseUrl();
    await send(h, 'product oat milk', responseUrl);
    const late = await h.fake.nextResponse(responseUrl);
    expect(JSON.stringify(late.body)).toContain('took too long');
  });

  const failures: [string, Parameters<FakeGreenSwapp['respondOnce']>[0], string][] = [
    ['key refused', { status: 401 }, 'refused this bot’s API key'],
    ['upstream 5xx', { status: 503 }, 'having trouble'],
    ['bad response', { status: 200, body: 'not json at all' }, 'could not read'],
    ['not found', { status: 404, body: { detail: 'not found' } }, 'No product found'],
    // Last: a 429 starts the client's 30 s cool-down, during which every lookup is rate limited.
    ['rate limited', { status: 429, headers: { 'retry-after': '30' } }, 'Try again in 30 s.'],
  ];
  it.each(failures)('answers %s with the right short message', async (_name, response, expected) => {
    upstream.respondOnce(response);
    expect(JSON.stringify(await answer(h, 'product oat milk'))).toContain(expected);
  });
});
