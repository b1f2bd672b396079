import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/logging/logger.js';
import { type ApiSource, createApiSource } from '../../../src/sources/api/index.js';
import { createCatalogSource, loadCatalog } from '../../../src/sources/catalog/index.js';
import { type FakeGreenSwapp, startFakeGreenSwapp } from '../../support/fake-greenswapp.js';
import { slashCommandForm } from '../../support/fake-slack-payloads.js';
import { expectNoSlackControlSequences, expectWithinBlockKitLimits } from './block-kit.js';
import { type Harness, SIGNING_SECRET, startHarness } from './harness.js';

/** The answer in the ack itself: the catalog answers from memory, well within a generous budget. */
async function ackAnswer(h: Harness, text: string): Promise<unknown> {
  const ack = await send(h, text);
  expect(ack.status).toBe(200);
  expect(ack.json).toMatchObject({ response_type: 'ephemeral' });
  expect(String(ack.json?.text)).not.toMatch(/^Looking up/);
  return ack.json;
}

/** The answer, from the ack or, when the API was slower than the budget, from response_url. */
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
    // Catalog lookups are in memory, so their answers belong in the ack. The budget is far above
    // Slack's real 3 s so that a loaded CI machine still answers in the ack, which is asserted.
    h = await startHarness(createCatalogSource(loadCatalog()), 'http', { ackBudgetMs: 30_000, retries: 0 });
  });
  afterAll(async () => h.close());

  it('answers a product with value per litre, swap and attribution', async () => {
    const card = (await ackAnswer(h, 'product oat milk')) as { text: string; blocks: never[] };
    expectWithinBlockKitLimits(card);
    const text = JSON.stringify(card);
    expect(text).toContain('per litre');
    expect(text).toContain('Lower-carbon swap');
    expect(text).toContain('Source: Built-in catalog');
  });

  it('answers a recipe with its verdict and main contributors', async () => {
    const card = (await ackAnswer(h, 'recipe lasagne')) as { text: string; blocks: never[] };
    expectWithinBlockKitLimits(card);
    const text = JSON.stringify(card);
    expect(text).toContain('Not climate-friendly');
    expect(text).toContain('Main contributors');
    expect(text).toContain('beef mince');
  });

  it('answers hostile names with an escaped not-found message', async () => {
    const card = (await ackAnswer(h, 'product <!channel> zzqx <@U123> @here')) as {
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
