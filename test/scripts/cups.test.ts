import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/sources/catalog/index.js';

/**
 * Dry goods people buy and drink brewed (data/curated/cups.json): "coffee" is answered per kg of the
 * coffee as bought, with the brewed cup beside it; the drinks say the cup and the dry good as bought.
 */
describe('coffee, tea and cocoa: per kg as bought and per cup, each labelled', () => {
  const catalog = loadCatalog();

  it('answers "coffee" per kg of ground coffee, with the cup it makes', () => {
    const coffee = catalog.findProduct('coffee');
    expect(coffee.name).toBe('Coffee, ground');
    expect(coffee.unit).toBe('kg');
    expect(coffee.notes).toContainEqual(
      expect.stringMatching(
        /^Per kg of ground coffee as bought\. Made up, a 240 ml cup comes to 0\.15 kg CO2e and takes about 13 g of ground coffee/,
      ),
    );
  });

  it('gives a brewed drink its cup and the dry good as bought, or says the catalog has none', () => {
    const cup = catalog.findProduct('cup of coffee');
    expect(cup.notes.join(' ')).toMatch(
      /a 240 ml cup comes to 0\.15 kg CO2e.*As bought, ground coffee is 8\.4 kg CO2e per kg/,
    );
    const tea = catalog.findProduct('tea');
    expect(tea.notes.join(' ')).toContain('ADEME Agribalyse 3.2 has no tea as bought');
    // Clark et al.'s tea is per kg of tea as bought: shown as such beside the brewed drink.
    expect(tea.sources).toContainEqual(
      expect.objectContaining({ name: 'Tea', kgCo2e: 17.62, kgPerKg: 0.02 }),
    );
  });
});
