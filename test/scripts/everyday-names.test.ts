import { describe, expect, it } from 'vitest';
import { takenNames, usableEverydayNames } from '../../scripts/build-data/everyday-names.js';

describe('everyday names', () => {
  const taken = takenNames(
    [
      { code: '1', lciName: 'Eggplant, raw' },
      { code: '2', lciName: 'Pancake, plain' },
    ],
    { '1': ['Aubergine'] },
  );

  it('keeps names that are new and given to one food', () => {
    const { byCode, dropped } = usableEverydayNames(
      { '1': { names: ['brinjal'], near: [] }, '2': { names: ['crepe'], near: ['blini'] } },
      taken,
    );
    expect(byCode.get('1')).toEqual({ names: ['brinjal'], near: [] });
    expect(byCode.get('2')).toEqual({ names: ['crepe'], near: ['blini'] });
    expect(dropped).toEqual([]);
  });

  it("never takes another food's catalog name or curated alias, however it is written", () => {
    const { byCode, dropped } = usableEverydayNames(
      { '2': { names: ['AUBERGINE', 'eggplant raw'], near: [] } },
      taken,
    );
    expect(byCode.get('2')!.names).toEqual([]);
    expect(dropped).toHaveLength(2);
  });

  it('drops a name given to two foods', () => {
    const { byCode } = usableEverydayNames(
      { '1': { names: ['veg'], near: [] }, '2': { names: [], near: ['Veg'] } },
      taken,
    );
    expect(byCode.get('1')!.names).toEqual([]);
    expect(byCode.get('2')!.near).toEqual([]);
  });
});
