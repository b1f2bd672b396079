import { describe, expect, it } from 'vitest';
import { takenNames, usableEverydayNames } from '../../scripts/build-data/everyday-names.js';

describe('everyday names', () => {
  const taken = takenNames(
    [
      { code: '1', lciName: 'Eggplant, raw' },
      { code: '2', lciName: 'Pancake, plain' },
      { code: '3', lciName: 'Saccharin sweetener' },
    ],
    { '1': ['Aubergine'] },
  );
  const nonFood = new Set(['tablet', 'mug']);

  it('keeps names that are new and given to one food', () => {
    const { byCode, dropped } = usableEverydayNames(
      { '1': ['brinjal'], '2': ['crepe', 'crêpes'] },
      taken,
      nonFood,
    );
    expect(byCode.get('1')).toEqual(['brinjal']);
    expect(byCode.get('2')).toEqual(['crepe', 'crêpes']);
    expect(dropped).toEqual([]);
  });

  it("never takes another food's catalog name or curated alias, however it is written", () => {
    const { byCode, dropped } = usableEverydayNames({ '2': ['AUBERGINE', 'eggplant raw'] }, taken, nonFood);
    expect(byCode.get('2')).toEqual([]);
    expect(dropped).toHaveLength(2);
  });

  it('drops a name given to two foods', () => {
    const { byCode } = usableEverydayNames({ '1': ['veg'], '2': ['Veg'] }, taken, nonFood);
    expect(byCode.get('1')).toEqual([]);
    expect(byCode.get('2')).toEqual([]);
  });

  it('drops a name with a non-food word, which would make "vitamin tablets" a food', () => {
    const { byCode } = usableEverydayNames({ '3': ['sweetener tablets', 'sweetener'] }, taken, nonFood);
    expect(byCode.get('3')).toEqual(['sweetener']);
  });
});
