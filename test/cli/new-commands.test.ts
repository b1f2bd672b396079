import { describe, expect, it } from 'vitest';
import { CompareResultSchema } from '../../src/compare/model.js';
import { runMain } from './run-main.js';

const CATALOG = { CARBON_SOURCE: 'catalog' };
const MENU = '**Lunch today**\n• Dal makhani £9\n• Beef lasagne (GF) 12.50\n• Falafel wrap (v)\n';

describe('carbon menu: what "Rate this menu" answers, on the command line', () => {
  it('reads a posted menu on standard input and ranks its lines', async () => {
    const run = await runMain(['menu'], { env: CATALOG, input: MENU });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Lowest first:/);
    expect(run.stdout).toContain('"Beef lasagne"');
    expect(run.stdout).not.toContain('Lunch today');
    expect(run.stdout).not.toContain('£');
  });

  it('takes the menu as its argument too, and with --json prints the document compare --json prints', async () => {
    const menu = await runMain(['menu', 'Dal\nLasagne', '--json'], { env: CATALOG });
    const compare = await runMain(['compare', 'Dal, Lasagne', '--json'], { env: CATALOG });
    expect(menu.code).toBe(0);
    const fromMenu = CompareResultSchema.parse(JSON.parse(menu.stdout));
    const fromCompare = CompareResultSchema.parse(JSON.parse(compare.stdout));
    expect(fromMenu.ranked.map((item) => item.name)).toEqual(fromCompare.ranked.map((item) => item.name));
    expect(Object.keys(fromMenu)).toEqual(Object.keys(fromCompare));
  });

  it('without a menu is a usage error, in the documented JSON shape with --json', async () => {
    const run = await runMain(['menu', '--json'], { env: CATALOG });
    expect(run.code).toBe(2);
    const body = JSON.parse(run.stderr) as { error: Record<string, unknown> };
    expect(Object.keys(body.error).sort()).toEqual([
      'code',
      'hint',
      'retryAfterSeconds',
      'suggestions',
      'text',
    ]);
    expect(body.error.code).toBe('usage');
    expect(String(body.error.text)).toContain('Give the menu');
  });
});

describe('carbon sources', () => {
  it('lists the datasets and their licences, and their JSON with --json', async () => {
    const text = await runMain(['sources'], { env: CATALOG });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Licence: Licence Ouverte');
    expect(text.stdout).toContain('Open Food Facts');
    const json = await runMain(['sources', '--json'], { env: CATALOG });
    const body = JSON.parse(json.stdout) as { datasets: { name: string; licence: string }[] };
    expect(body.datasets.length).toBeGreaterThan(3);
    expect(body.datasets.every((dataset) => dataset.licence !== '')).toBe(true);
  });
});

describe('--json errors are always the documented {"error": …}', () => {
  it('a verb without its name is a usage error, not {"help": …}', async () => {
    for (const verb of ['product', 'recipe']) {
      const run = await runMain([verb, '--json'], { env: CATALOG });
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      const body = JSON.parse(run.stderr) as Record<string, { code: string; text: string; hint: string }>;
      expect(Object.keys(body)).toEqual(['error']);
      expect(body.error!.code).toBe('usage');
      expect(body.error!.text).toContain(`carbon ${verb}`);
      expect(body.error!.text).not.toContain('/carbon');
    }
  });

  it('a not-found hint names the command as the command line spells it', async () => {
    const run = await runMain(['product', 'qwzxv', '--json'], { env: CATALOG });
    const body = JSON.parse(run.stderr) as { error: { hint: string } };
    expect(body.error.hint).not.toContain('/carbon');
  });
});
