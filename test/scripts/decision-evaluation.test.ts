import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contradiction, proteinGroup, statesIt } from '../../scripts/build-data/decision-contradictions.js';
import { scoreCase, wrongOn } from '../../scripts/build-data/decision-evaluation.js';
import { corresponds, pairOptions } from '../../scripts/build-data/decision-options.js';
import type { DecisionCase } from '../../scripts/build-data/decision-set.js';
import { summarise } from '../../scripts/build-data/decision-summary.js';
import type { CompareResult } from '../../src/compare/model.js';

const result = (partial: Partial<CompareResult>): CompareResult => ({
  kind: 'compare',
  status: 'ranked',
  basis: 'serving',
  basisText: '',
  people: null,
  ranked: [],
  difference: null,
  notFound: [],
  notUnderstood: [],
  notRanked: [],
  failed: [],
  capped: null,
  source: null,
  ...partial,
});

const ranked = (
  rank: number,
  input: string,
  name: string,
  kgCo2e: number,
  figures: { dataset: string; label: string; kgCo2e: number }[] = [],
) => ({
  rank,
  input,
  name,
  kgCo2e,
  takenAs: 'dish' as const,
  takenAsReason: null,
  howTaken: 'a named dish',
  level: 'low' as const,
  verdict: '',
  portionGrams: null,
  confidence: 1,
  notes: [],
  figures,
});

describe('decision evaluation', () => {
  it('matches a presented option holding every word of the expected name, singular or plural', () => {
    expect(corresponds('Beef tacos', 'Tue – beef taco')).toBe(true);
    expect(corresponds('Fish and chips', 'Fish & chips')).toBe(true);
    expect(corresponds('Fish pie', 'Fish')).toBe(false);
    expect(corresponds('Crème brûlée', 'creme brulee')).toBe(true);
    // The set corrects obvious typos in its names; the message keeps them.
    expect(corresponds('beef and broccoli stir fry', 'beef and brocoli stir fry')).toBe(true);
    expect(corresponds('tarka dal', 'tarka daal')).toBe(true);
    expect(corresponds('ham', 'lamb')).toBe(false);
  });

  it('pairs options one to one, so several options read as one count once', () => {
    expect(pairOptions(['tacos', 'pho', 'salad'], ['tacos / pho / salad'])).toEqual([0, -1, -1]);
    // The augmenting path moves "salad" off the only text that holds "chicken salad".
    expect(pairOptions(['salad', 'chicken salad'], ['chicken salad', 'green salad'])).toEqual([1, 0]);
  });

  it('says when an answer contradicts the stated protein or diet, and only then', () => {
    expect(contradiction({ name: 'Ramen with tofu', mainProtein: 'tofu' }, 'Pork chashu ramen')).toMatch(
      /pork/,
    );
    expect(contradiction({ name: 'Vegan pesto pasta', diet: 'vegan' }, 'Pesto pasta with parmesan')).toMatch(
      /parmesan/,
    );
    expect(contradiction({ name: 'Vegan pad thai', diet: 'vegan' }, 'Pad Thai, meatless')).toBeNull();
    expect(
      contradiction({ name: 'Vegan pesto pasta', diet: 'vegan' }, 'Pasta al pesto without parmesan'),
    ).toBeNull();
    expect(
      contradiction(
        { name: 'Ramen with tofu', mainProtein: 'tofu' },
        'Ramen with tofu instead of chashu pork',
      ),
    ).toBeNull();
    expect(
      contradiction({ name: 'Beef chilli', mainProtein: 'beef' }, 'Chili con carne with beef'),
    ).toBeNull();
    expect(contradiction({ name: 'Beef chilli', mainProtein: 'beef' }, 'Chicken chili')).toMatch(/chicken/);
    expect(contradiction({ name: 'Paella', mainProtein: 'chicken' }, 'Chicken and prawn paella')).toBeNull();
    expect(proteinGroup('chickpeas')).toBe('meat-free');
    // A catalog dish's ingredients count: the plain "Ramen" is made with chashu pork.
    const made = (answer: string) => (answer === 'Ramen' ? ['chashu pork', 'egg'] : []);
    const outcome = scoreCase(
      {
        id: 'r',
        path: 'compare',
        text: '',
        platform: null,
        kind: null,
        people: null,
        options: [{ name: 'ramen with tofu', mainProtein: 'tofu' }],
      },
      result({ ranked: [ranked(1, 'ramen with tofu', 'Ramen', 1.1)] }),
      null,
      1,
      made,
    );
    expect(outcome.contradictions).toEqual([{ option: 0, reason: 'tofu, answered with pork', stated: true }]);
    expect(proteinGroup('mixed')).toBeNull();
    expect(proteinGroup('egg')).toBeNull();
    expect(
      contradiction({ name: 'Veg curry', diet: 'vegan' }, 'Vegetable curry, coconut milk, onion'),
    ).toBeNull();
  });

  it("reads goat as the sets price it, a goat's cheese as a cheese, and seafood as fish or shellfish", () => {
    expect(contradiction({ name: 'Curry goat', mainProtein: 'lamb' }, 'Curry goat')).toBeNull();
    expect(contradiction({ name: 'Curry goat', mainProtein: 'lamb' }, 'Chicken curry')).toMatch(/chicken/);
    expect(
      contradiction({ name: "Goat's cheese salad", diet: 'vegetarian' }, 'Goat cheese salad with beetroot'),
    ).toBeNull();
    expect(contradiction({ name: 'Goat curry', diet: 'vegetarian' }, 'Goat curry')).toMatch(/lamb/);
    expect(
      contradiction({ name: 'sushi', mainProtein: 'fish' }, 'Sushi or maki with seafood products'),
    ).toBeNull();
    expect(contradiction({ name: 'sushi', mainProtein: 'fish' }, 'Prawn nigiri')).toMatch(/shellfish/);
  });

  it("says whether the option's own text states what an answer contradicts", () => {
    expect(statesIt({ name: 'veggie curry', diet: 'vegan' }, 'veggie curry', 'vegan')).toBe(false);
    expect(statesIt({ name: 'veggie curry', diet: 'vegan' }, 'veggie curry', 'vegetarian')).toBe(true);
    expect(statesIt({ name: 'Dal', diet: 'vegan' }, 'Tarka dal (vegan)', 'vegan')).toBe(true);
    expect(statesIt({ name: 'ramen', mainProtein: 'tofu' }, 'ramen with tofu', 'protein')).toBe(true);
    expect(statesIt({ name: 'sushi', mainProtein: 'fish' }, 'sushi', 'protein')).toBe(false);
    expect(statesIt({ name: 'subway', mainProtein: 'turkey' }, 'subway', 'protein')).toBe(false);
  });

  it('classes a wrong pair as wrong on every dataset the answer carries, or on its headline only', () => {
    const shown = (kgCo2e: number, figures: Record<string, number>) => ({
      input: '',
      status: 'ranked' as const,
      answer: '',
      kgCo2e,
      figures: Object.entries(figures).map(([dataset, kg]) => ({ dataset, kgCo2e: kg })),
    });
    // Expected low ranked above expected high on the headline; a study puts them in the set's order.
    expect(wrongOn(shown(2.2, { pn: 2.6 }), shown(2.1, { pn: 5.9 }))).toBe('headline only');
    expect(wrongOn(shown(2.2, { pn: 6 }), shown(2.1, { pn: 5.9 }))).toBe('every dataset');
    // No study prices both: only the headline is carried, and it is wrong.
    expect(wrongOn(shown(2.2, { pn: 2 }), shown(2.1, {}))).toBe('every dataset');
    const decisionCase: DecisionCase = {
      id: 'w',
      path: 'compare',
      text: '',
      platform: null,
      kind: null,
      people: null,
      options: [
        { name: 'Shepherds pie', independentKgPerServing: 2.6 },
        { name: 'Lasagne', independentKgPerServing: 5.9 },
        { name: 'Dal', independentKgPerServing: 0.4 },
      ],
    };
    const outcome = scoreCase(
      decisionCase,
      result({
        ranked: [
          ranked(1, 'Lasagne', 'Lasagne', 2.1, [{ dataset: 'pn', label: 'P&N', kgCo2e: 5.9 }]),
          ranked(2, 'Shepherds pie', "Shepherd's pie", 2.2, [{ dataset: 'pn', label: 'P&N', kgCo2e: 2.6 }]),
          ranked(3, 'Dal', 'Dal', 2.3),
        ],
      }),
      null,
      1,
    );
    const summary = summarise([outcome]);
    expect(summary).toMatchObject({ pairs: 3, right: 0, wrong: 3, wrongHeadline: 1, wrongEvery: 2 });
  });

  it('scores a case: exact reading, chatter ranked, clear pairs in order, found options', () => {
    const decisionCase: DecisionCase = {
      id: 'm1',
      path: 'menu',
      text: '',
      platform: 'slack',
      kind: null,
      people: null,
      options: [
        { name: 'Dal', independentKgPerServing: 0.4 },
        { name: 'Beef lasagne', independentKgPerServing: 3 },
        { name: 'Chicken curry', independentKgPerServing: 1.6 },
      ],
    };
    const outcome = scoreCase(
      decisionCase,
      result({
        ranked: [
          ranked(1, 'Dal', 'Dal', 0.3),
          ranked(2, 'reply by noon', 'Noodles', 0.5),
          ranked(3, 'Beef lasagne', 'Lasagne', 2),
        ],
        notFound: [{ input: 'Chicken curry', suggestions: [] }],
      }),
      null,
      1,
    );
    expect(outcome.exact).toBe(false);
    expect(outcome.chatterRanked.map((option) => option.input)).toEqual(['reply by noon']);
    // dal < lasagne is clear and right; dal < curry is clear but the curry is not ranked.
    expect(outcome.pairs.map((pair) => pair.outcome).sort()).toEqual(['not comparable', 'right']);
    const summary = summarise([outcome]);
    expect(summary).toMatchObject({ options: 3, ranked: 2, found: 2, right: 1, notComparable: 1, exact: 0 });
  });

  it('runs a set through the real path and prints its summary line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'decisions-'));
    try {
      const menus = join(dir, 'menus.json');
      writeFileSync(
        menus,
        JSON.stringify({
          menus: [
            {
              id: 'a',
              platform: 'slack',
              kind: 'team',
              text: 'Lunch options:\n• Beef lasagne\n• Dal',
              options: [
                { name: 'Beef lasagne', mainProtein: 'beef', independentKgPerServing: 3 },
                { name: 'Dal', mainProtein: 'lentils', diet: 'vegan', independentKgPerServing: 0.4 },
              ],
              notOptions: ['Lunch options:'],
            },
          ],
        }),
      );
      const compares = join(dir, 'compares.json');
      writeFileSync(
        compares,
        JSON.stringify({
          compares: [
            {
              id: 'c',
              text: 'lasagne, dal for 8 people',
              people: 8,
              options: [{ name: 'lasagne' }, { name: 'dal' }],
            },
          ],
        }),
      );
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'scripts/build-data/decision-report.ts', '--detail', menus, compares],
        { cwd: fileURLToPath(new URL('../..', import.meta.url)), encoding: 'utf8' },
      );
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(
        /menus\.json \(development half, in-sample\): read into exactly the right options 1\/1/,
      );
      expect(run.stdout).toMatch(/clear pairs 1: right order 100\.0%/);
      expect(run.stdout).toMatch(/compares\.json .*group size read 1\/1/);
      expect(run.stdout).toMatch(/- Dal \(independent 0\.4\): "Dal" ranked as /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
