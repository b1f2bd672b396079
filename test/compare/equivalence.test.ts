import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildEquivalences } from '../../scripts/build-data/equivalences.js';
import { carKilometres, loadEquivalences } from '../../src/compare/equivalence.js';
import { SourceUnavailableError } from '../../src/core/errors.js';

describe('data/equivalences.json', () => {
  it('is what the build makes from the cited EPA figure (400 g CO2 per mile)', () => {
    expect(loadEquivalences()).toEqual(buildEquivalences());
    expect(loadEquivalences().carKm.kgCo2ePerKm).toBeCloseTo(0.4 / 1.609344, 4);
  });

  it('turns kg CO2e into km driven', () => {
    const car = loadEquivalences().carKm;
    expect(carKilometres(car.kgCo2ePerKm * 100, car)).toBeCloseTo(100, 10);
  });

  it('refuses a missing or invalid file with a clear error', () => {
    const directory = mkdtempSync(join(tmpdir(), 'carbon-eq-'));
    expect(() => loadEquivalences(directory)).toThrow(SourceUnavailableError);
    writeFileSync(join(directory, 'equivalences.json'), JSON.stringify({ carKm: { kgCo2ePerKm: -1 } }));
    expect(() => loadEquivalences(directory)).toThrow(/equivalences.json is invalid/);
  });
});
