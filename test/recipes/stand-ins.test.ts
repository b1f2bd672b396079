import { describe, expect, it } from 'vitest';
import { computeIngredientList } from '../../src/recipes/compute.js';
import { loadPortionTable } from '../../src/recipes/portions.js';
import { labelPhrases, readStandInTable } from '../../src/recipes/stand-ins.js';
import { loadCatalog } from '../../src/sources/catalog/load.js';

const catalog = loadCatalog();
const portions = loadPortionTable();
const compute = (text: string) => computeIngredientList(text, catalog, portions);

function lineOf(result: ReturnType<typeof compute>, text: string) {
  const found = result.ingredientList.lines.find((entry) => entry.text === text);
  if (found === undefined) throw new Error(`no line ${text}`);
  return found;
}

describe('reviewed ingredients for foods the catalog lacks (curated/ingredients.json)', () => {
  it('reads a label as its phrases: brackets explain, a slash names two foods', () => {
    expect(labelPhrases('cornflour (starch)')).toEqual(['cornflour']);
    expect(labelPhrases('ciabatta/panini bread')).toEqual(['ciabatta', 'panini bread']);
  });

  it('finds an ingredient only by its whole name, as singular words', () => {
    const table = readStandInTable();
    expect(table.find('Ricotta')?.agb).toBeDefined();
    expect(table.find('beef briskets')?.label).toBe('beef brisket');
    expect(table.find('ricotta and spinach filling')).toBeNull();
  });

  it('counts a food the catalog has no item for, as its stand-in, and says it is the closest', () => {
    expect(catalog.matchFood('ricotta')).toBeNull();
    const result = compute('1 tub ricotta\n1 bag spinach\n1 carton passata\nserves 4');
    const ricotta = lineOf(result, '1 tub ricotta');
    expect(ricotta.status).toBe('counted');
    expect(ricotta.grams).toBe(250);
    expect(ricotta.note).toContain('closest match for "ricotta"');
    expect(result.ingredientList.incomplete).toBe(false);
  });

  it('takes the reviewed item over a match that shares no word with the line', () => {
    // The matcher alone reads "brisket" as veal breast and "yeast" as sourdough bread.
    const result = compute('1kg beef brisket\n7g dried yeast\n500g flour\nserves 6');
    expect(lineOf(result, '1kg beef brisket').food).toMatch(/^Beef/);
    expect(lineOf(result, '7g dried yeast').food).not.toMatch(/bread/i);
  });

  it('takes the reviewed item named word for word over a clear match that drops one of its words', () => {
    // The matcher alone reads "chocolate chips" as (potato) chips and "Worcestershire sauce" as béchamel.
    const result = compute('100g chocolate chips\n1 tbsp Worcestershire sauce\n200g flour\nserves 8');
    expect(lineOf(result, '100g chocolate chips').food).toMatch(/chocolate/i);
    expect(lineOf(result, '1 tbsp Worcestershire sauce').food).not.toMatch(/b[eé]chamel/i);
  });

  it('keeps the matcher answer when it names the food', () => {
    const result = compute('500g beef mince\n400g spaghetti\nserves 4');
    expect(lineOf(result, '500g beef mince').food).toBe(catalog.matchFood('beef mince')!.name);
  });
});

describe('singular words', () => {
  it('makes "chillies" chilli, as the portion table lists it, and leaves "bellies" to pluralize', async () => {
    const { singularWords } = await import('../../src/recipes/phrases.js');
    expect(singularWords('green chillies')).toEqual(['green', 'chilli']);
    expect(singularWords('pork bellies')).toEqual(['pork', 'belly']);
    expect(
      computeIngredientList('2 green chillies\n400g rice\nserves 2', catalog, portions).ingredientList
        .lines[0],
    ).toMatchObject({
      status: 'counted',
      grams: 30,
    });
  });
});

describe('the understood share', () => {
  it('is 90% with nine counted lines and one of unknown weight, whatever the floating-point sums give', () => {
    const lines = [
      '2 tbsp olive oil',
      '1 onion',
      '1 red pepper',
      '2 garlic cloves',
      '1 tsp cumin',
      '1 tsp smoked paprika',
      '2 x 400g tins chopped tomatoes',
      '6 eggs',
      '50g feta',
      'crusty bread to serve',
    ];
    const result = computeIngredientList(`${lines.join('\n')}\nserves 3`, catalog, portions);
    expect(result.ingredientList.understoodShare).toBe(0.9);
    expect(result.ingredientList.incomplete).toBe(false);
  });
});

describe('titles', () => {
  it('takes a first line naming a whole dish without an amount as the title, not a lost ingredient', () => {
    const result = computeIngredientList(
      'Fish pie\nServes 6\n2 cod fillets\n2 salmon fillets\n1kg potatoes\n500ml milk',
      catalog,
      portions,
    );
    expect(result.name).toMatch(/^Fish pie/);
    expect(result.ingredientList.lines.map((line) => line.text)).not.toContain('Fish pie');
    expect(result.ingredientList.incomplete).toBe(false);
  });
});
