import { describe, expect, it } from 'vitest';
import { drinkDensity, isDrink, physicalForm } from '../../../src/sources/api/drinks.js';

describe('physicalForm', () => {
  it.each([
    'milk',
    'Oat Milk',
    'semi-skimmed milk',
    'orange juice',
    'red wine',
    'Beer',
    'sparkling water',
    'cola',
    'soda',
    'green tea',
    'oat drink',
    'coconut milk',
  ])('sees %j as a liquid', (name) => {
    expect(physicalForm(name)).toBe('liquid');
  });

  it.each([
    'milk chocolate',
    'coffee beans',
    'ground coffee',
    'milk powder',
    'tea bags',
    'water chestnuts',
    'wine vinegar',
    'ice cream',
  ])('sees %j as a solid', (name) => {
    expect(physicalForm(name)).toBe('solid');
  });

  it.each(['beef mince', 'tofu', 'watermelon', 'watercress', 'ginger', 'teacake'])(
    'has no view on %j',
    (name) => {
      expect(physicalForm(name)).toBeNull();
    },
  );
});

describe('isDrink', () => {
  it('lets the API name decide, and the query only when the name is neutral', () => {
    expect(isDrink('Oatly Barista', 'oat milk')).toBe(true);
    expect(isDrink('oat milk powder', 'oat milk')).toBe(false);
    expect(isDrink('beef mince', 'mince')).toBe(false);
    expect(isDrink('orange juice', 'oj')).toBe(true);
  });
});

describe('drinkDensity', () => {
  it('uses the milk density for milks and 1 kg/L for other drinks', () => {
    expect(drinkDensity('Whole milk')).toBe(1.03);
    expect(drinkDensity('oat milks')).toBe(1.03);
    expect(drinkDensity('Orange juice')).toBe(1);
    expect(drinkDensity('Milkshake')).toBe(1);
  });
});
