import { describe, expect, it } from 'vitest';
import { CompareResultSchema } from '../../src/compare/model.js';
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
    expect(JSON.parse(missing.stderr)).toMatchObject({ status: 'too_few', notFound: [{ input: 'qwzx' }] });
  });
});
