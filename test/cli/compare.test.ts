import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompareResultSchema } from '../../src/compare/model.js';
import { type FakeGreenSwapp, startFakeGreenSwapp } from '../support/fake-greenswapp.js';
import { runCli } from './run-cli.js';

const catalog = { env: { CARBON_SOURCE: 'catalog' } };

describe('carbon compare', () => {
  it('prints the ranking as text and exits 0', async () => {
    const run = await runCli(['compare', 'lasagne, dal vs chicken curry for 4 people'], catalog);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/ 1\. Dal[\s\S]* 2\. Chicken curry[\s\S]* 3\. Lasagne/);
    expect(run.stdout).toContain('for 4 people');
  });

  it('--json prints the CompareResult with the items in ranked order', async () => {
    const run = await runCli(['compare', 'lasagne,', 'dal', '--json'], catalog);
    expect(run.code).toBe(0);
    const result = CompareResultSchema.parse(JSON.parse(run.stdout));
    expect(result.ranked.map((item) => [item.rank, item.name])).toEqual([
      [1, 'Dal'],
      [2, 'Lasagne'],
    ]);
  });

  it('exits 2 with a clear message when fewer than two options are given or found', async () => {
    const one = await runCli(['compare', 'lasagne'], catalog);
    expect(one.code).toBe(2);
    expect(one.stderr).toContain('at least two options');
    const missing = await runCli(['compare', 'lasagne, qwzx', '--json'], catalog);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    // An error like every other --json error (README), the comparison beside it as carbon serve's 400 has it.
    const { error } = JSON.parse(missing.stderr) as { error: Record<string, unknown> };
    expect(error).toMatchObject({
      code: 'too_few',
      text: expect.stringContaining('"qwzx": not found'),
      hint: expect.any(String),
      suggestions: expect.any(Array),
      retryAfterSeconds: null,
      comparison: { status: 'too_few', notFound: [{ input: 'qwzx' }] },
    });
    expect(CompareResultSchema.safeParse(error.comparison).success).toBe(true);
  });
});

describe('carbon compare --json when the API fails', () => {
  let fake: FakeGreenSwapp;
  beforeAll(async () => {
    fake = await startFakeGreenSwapp();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('exits 1 with the failure as the error, its wait included, and the comparison beside it', async () => {
    fake.respondWith(() => ({ status: 429, headers: { 'retry-after': '7' }, body: {} }));
    const run = await runCli(['compare', 'tofu, lentils', '--json'], {
      env: { CARBON_API_KEY: 'k', CARBON_API_BASE_URL: fake.url, CARBON_API_TRIAL_URL: fake.url },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    const { error } = JSON.parse(run.stderr) as { error: Record<string, unknown> };
    expect(error).toMatchObject({
      code: 'rate_limited',
      retryAfterSeconds: 7,
      comparison: { status: 'too_few', failed: [{ input: 'tofu' }, { input: 'lentils' }] },
    });
  });
});
