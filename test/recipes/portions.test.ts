import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CURATED_DIR, DATA_DIR, RAW_DATA_DIR } from '../../scripts/build-data/paths.js';
import {
  buildPortions,
  type FnddsFood,
  PORTIONS_RAW_FILE,
  readFnddsPortions,
  readMoistureChanges,
  serialisePortions,
} from '../../scripts/build-data/portions.js';
import {
  CuratedPortionFoodsSchema,
  loadPortionTable,
  PortionsFileSchema,
  PortionTable,
} from '../../src/recipes/portions.js';

const curatedFoods = CuratedPortionFoodsSchema.parse(
  JSON.parse(readFileSync(join(CURATED_DIR, 'portion-foods.json'), 'utf8')),
);

describe('portion table', () => {
  const table = loadPortionTable();

  it('finds the longest listed name in a description, singular or plural', () => {
    expect(table.find('red onions')?.name).toBe('onion');
    expect(table.find('spring onions, sliced')?.name).toBe('spring onion');
    expect(table.find('Chicken Breasts')?.name).toBe('chicken breast');
    expect(table.find('juice of lemon')?.name).toBe('lemon juice');
    expect(table.find('zorblax')).toBeNull();
  });

  it('holds FNDDS weights for everyday whole things', () => {
    expect(table.find('egg')?.grams.each).toBe(50);
    expect(table.find('garlic')?.grams.clove).toBe(3);
  });
});

describe('build:portions', () => {
  const fake = new Map<number, FnddsFood>([
    [
      75117020,
      {
        description: 'Onions, raw',
        portions: new Map([
          ['1 whole', 148],
          ['1 cup', 160],
          ['Quantity not specified', 15],
        ]),
      },
    ],
  ]);

  it('resolves the curated portion descriptions to grams', () => {
    const built = buildPortions(
      {
        about: '',
        foods: [
          {
            name: 'onion',
            words: ['onion'],
            fnddsCode: 75117020,
            portions: { each: '1 whole', cup: '1 cup' },
          },
        ],
      },
      fake,
    );
    expect(built.foods[0]).toMatchObject({
      grams: { each: 148, cup: 160 },
      typicalGrams: 15,
      fnddsDescription: 'Onions, raw',
    });
  });

  it('turns cooked piece weights into raw ones, by the ounce yield or a moisture change', () => {
    const chop = new Map<number, FnddsFood>([
      [
        22101000,
        {
          description: 'Pork chop',
          portions: new Map([
            ['1 medium', 87],
            ['1 cup, cooked, diced', 134],
            ['1 oz, with bone, raw (yield after cooking, bone removed)', 16],
          ]),
        },
      ],
    ]);
    const byYield = buildPortions(
      {
        about: '',
        foods: [
          {
            name: 'pork chop',
            words: ['pork chop'],
            fnddsCode: 22101000,
            portions: { each: '1 medium', cup: '1 cup, cooked, diced' },
            raw: { ounceYield: '1 oz, with bone, raw (yield after cooking, bone removed)' },
          },
        ],
      },
      chop,
    );
    // 87 g cooked × 28.35 / 16: the piece raw, with its bone; a cup of cooked meat stays as it is.
    expect(byYield.foods[0]?.grams).toEqual({ each: 154, cup: 134 });
    expect(byYield.foods[0]?.raw).toMatch(/28.35 \/ 16/);
    const byMoisture = buildPortions(
      {
        about: '',
        foods: [
          {
            name: 'chop',
            words: ['chop'],
            fnddsCode: 22101000,
            portions: { each: '1 medium' },
            raw: { moistureChangeOf: 1 },
          },
        ],
      },
      chop,
      new Map([[1, -26]]),
    );
    expect(byMoisture.foods[0]?.grams.each).toBe(Math.round(87 / 0.74));
    expect(() =>
      buildPortions(
        {
          about: '',
          foods: [
            {
              name: 'chop',
              words: ['chop'],
              fnddsCode: 22101000,
              portions: { each: '1 medium' },
              raw: { moistureChangeOf: 2 },
            },
          ],
        },
        chop,
      ),
    ).toThrow(/no moisture loss for 2/);
  });

  it('fails on a description or a code FNDDS does not have', () => {
    expect(() =>
      buildPortions(
        {
          about: '',
          foods: [{ name: 'onion', words: ['onion'], fnddsCode: 75117020, portions: { each: '1 huge' } }],
        },
        fake,
      ),
    ).toThrow(/"1 huge" not found/);
    expect(() =>
      buildPortions({ about: '', foods: [{ name: 'x', words: ['x'], fnddsCode: 1, portions: {} }] }, fake),
    ).toThrow(/no food 1/);
  });

  it.skipIf(!existsSync(join(RAW_DATA_DIR, PORTIONS_RAW_FILE)))(
    'rebuilds the committed data/portions.json byte for byte from the raw FNDDS file',
    () => {
      const built = buildPortions(
        curatedFoods,
        readFnddsPortions(join(RAW_DATA_DIR, PORTIONS_RAW_FILE)),
        readMoistureChanges(curatedFoods),
      );
      expect(serialisePortions(built)).toBe(readFileSync(join(DATA_DIR, 'portions.json'), 'utf8'));
    },
  );

  it('the committed file passes its schema and covers every curated food', () => {
    const committed = PortionsFileSchema.parse(
      JSON.parse(readFileSync(join(DATA_DIR, 'portions.json'), 'utf8')),
    );
    expect(committed.foods.map((food) => food.name)).toEqual(curatedFoods.foods.map((food) => food.name));
    expect(new PortionTable(committed).find('eggs')?.name).toBe('egg');
  });
});
