import { describe, expect, it } from 'vitest';
import { helpView } from '../../src/core/commands/registry.js';
import { levelBar, renderText } from '../../src/render/text.js';
import { errorReply, resultReply, sampleProduct, sampleRecipe } from '../support/sample-results.js';

const product = sampleProduct({
  kgCo2ePerUnit: 0.3147,
  comparisonText: 'The impact is 71% lower than the average product in “Milk and dairy products”.',
  comparison: { percent: 71, direction: 'lower' },
  category: 'Milk and dairy products',
  source: { id: 'catalog', label: 'ADEME Agribalyse 3.2', attribution: 'Licence Ouverte 2.0' },
});

const recipe = sampleRecipe({
  kgCo2ePerServing: 1.234,
  climateFriendly: { value: 'no', raw: null },
  level: 'medium',
  contributors: [
    { name: 'Beef mince', grams: 120, kgCo2e: 0.9, share: 0.73 },
    { name: 'Cheese', grams: 30, kgCo2e: 0.2, share: 0.16 },
    { name: 'Pasta', grams: 80, kgCo2e: 0.1, share: 0.08 },
    { name: 'Tomato', grams: null, kgCo2e: 0.034, share: 0.03 },
  ],
  confidence: 0.82,
  status: 'ok',
  notes: ['Per serving of 350 g'],
  source: { id: 'api', label: 'GreenSwapp API' },
});

describe('renderText: products', () => {
  it('shows name, value per litre at readable precision, level, comparison and source', () => {
    const text = renderText(resultReply(product));
    expect(text.split('\n')).toEqual([
      'Oat milk',
      '0.315 kg CO2e per litre · low ▮▯▯ (lowest third of all foods)',
      "Figures: Figure from ADEME Agribalyse 3.2; no other dataset's figure is set beside it.",
      'The impact is 71% lower than the average product in “Milk and dairy products”.',
      'Category: Milk and dairy products',
      'Source: ADEME Agribalyse 3.2 · Licence Ouverte 2.0',
    ]);
  });

  it('says per kg for solids and shows a swap, notes, confidence and a fuzzy match', () => {
    const text = renderText(
      resultReply({
        ...product,
        query: 'cheddr',
        name: 'Cheddar cheese',
        unit: 'kg',
        kgCo2ePerUnit: 9.87,
        level: 'high',
        category: null,
        swap: { name: 'Feta', kgCo2ePerUnit: 5.1, unit: 'kg', percentLower: 48.4 },
        confidence: 0.6,
        notes: ['Average of 3 entries'],
        source: { id: 'api', label: 'GreenSwapp API' },
      }),
    );
    expect(text).toContain('Cheddar cheese (matched from "cheddr")');
    expect(text).toContain('9.87 kg CO2e per kg · high ▮▮▮');
    expect(text).toContain('Lower-carbon swap: Feta, 5.1 kg CO2e per kg (48% lower)');
    expect(text).toContain('Match confidence: 60%');
    expect(text).toContain('Note: Average of 3 entries');
    expect(text).not.toContain('Category:');
    expect(text.endsWith('Source: GreenSwapp API')).toBe(true);
  });

  it('does not claim a fuzzy match when only case and spacing differ', () => {
    expect(renderText(resultReply({ ...product, query: '  OAT   milk' })).split('\n')[0]).toBe('Oat milk');
  });

  it('does not repeat "Source:" when the attribution starts with it', () => {
    const text = renderText(
      resultReply({
        ...product,
        source: { id: 'catalog', label: 'Built-in catalog', attribution: 'Source: ADEME, v3.2' },
      }),
    );
    expect(text.split('\n').at(-1)).toBe('Source: Built-in catalog · ADEME, v3.2');
  });

  it('omits an empty comparison sentence', () => {
    const text = renderText(resultReply({ ...product, comparisonText: '  ' }));
    expect(text.split('\n')[3]).toBe('Category: Milk and dairy products');
  });
});

describe('renderText: recipes', () => {
  it('shows per serving, the verdict with its threshold and the contributors, largest first', () => {
    const text = renderText(resultReply(recipe));
    expect(text.split('\n')).toEqual([
      'Lasagne',
      '1.23 kg CO2e per serving · medium ▮▮▯ (below the average UK meal (1.55 kg))',
      "Figures: Figure from GreenSwapp API; no other dataset's figure is set beside it.",
      'Not climate-friendly: 1.23 kg is over the 0.5 kg CO2e budget per serving (WWF One Planet Plate).',
      'Top contributors:',
      '  - Beef mince (120 g): 0.9 kg CO2e, 73%',
      '  - Cheese (30 g): 0.2 kg CO2e, 16%',
      '  - Pasta (80 g): 0.1 kg CO2e, 8%',
      '  - Tomato: 0.034 kg CO2e, 3%',
      'Match confidence: 82%',
      'Note: Per serving of 350 g',
      'Source: GreenSwapp API',
    ]);
  });

  it('says yes for a climate-friendly recipe and omits contributors when there are none', () => {
    const text = renderText(
      resultReply({
        ...recipe,
        kgCo2ePerServing: 0.42,
        level: 'low',
        climateFriendly: { value: 'yes', raw: null },
        contributors: [],
        confidence: 1,
      }),
    );
    expect(text).toContain('0.42 kg CO2e per serving · low ▮▯▯');
    expect(text).toContain(
      'Climate-friendly: within the 0.5 kg CO2e budget per serving (WWF One Planet Plate).',
    );
    expect(text).not.toContain('Top contributors');
    expect(text).not.toContain('Match confidence');
  });

  it('shows what the source said when the verdict could not be read, and a non-standard threshold', () => {
    const text = renderText(
      resultReply({
        ...recipe,
        climateFriendly: { value: 'unknown', raw: 'perhaps' },
        thresholdKgPerServing: 0.8,
      }),
    );
    expect(text).toContain(
      'Climate verdict unknown: the source said "perhaps" (budget 0.8 kg CO2e per serving).',
    );
    expect(text).not.toContain('One Planet');
    const plain = renderText(resultReply({ ...recipe, climateFriendly: { value: 'unknown', raw: null } }));
    expect(plain).toContain(
      'Climate verdict unknown (budget 0.5 kg CO2e per serving, WWF One Planet Plate).',
    );
  });

  it("names every dataset's figure and says the verdict depends on the data when they disagree", () => {
    const source = (dataset: string, label: string, region: string, kgCo2e: number, extra = {}) => ({
      dataset,
      label,
      region,
      name: 'Egg fried rice',
      kgCo2e,
      per: 'serving' as const,
      statistic: null,
      medianKgCo2e: null,
      method: 'ingredients' as const,
      mappedShare: null,
      lowerBound: false,
      kgPerKg: null,
      ...extra,
    });
    const text = renderText(
      resultReply({
        ...recipe,
        name: 'Egg fried rice',
        kgCo2ePerServing: 0.39,
        level: 'low',
        climateFriendly: { value: 'depends', raw: null },
        sources: [
          source('agribalyse-3.2', 'ADEME Agribalyse 3.2', 'France', 0.39),
          source('poore-nemecek-2018', 'Poore & Nemecek 2018', 'global', 0.788, {
            statistic: 'mean',
            mappedShare: 0.89,
          }),
        ],
        withoutFigure: ['Clark et al. 2022'],
      }),
    );
    expect(text.split('\n').slice(2, 4)).toEqual([
      "Figures: 0.39 kg CO2e per serving in France (ADEME Agribalyse 3.2); global average 0.788 (Poore & Nemecek 2018; its figures for 89% of the weight, ADEME Agribalyse 3.2's for the rest); Clark et al. 2022 prices too little of this recipe to give a figure.",
      'Depends on the data: within the 0.5 kg CO2e budget per serving (WWF One Planet Plate) on ADEME Agribalyse 3.2 (0.39 kg), over it on Poore & Nemecek 2018 (0.788 kg).',
    ]);
  });

  it('shows a contributor without grams and tiny shares as <1%', () => {
    const text = renderText(
      resultReply({ ...recipe, contributors: [{ name: 'Salt', grams: null, kgCo2e: 0.0004, share: 0.001 }] }),
    );
    expect(text).toContain('  - Salt: < 0.001 kg CO2e, <1%');
  });
});

describe('renderText: help', () => {
  it('lays out every usage line with the footer', () => {
    const text = renderText({ type: 'help', help: helpView('cli') });
    expect(text).toMatch(/^Usage:\n {2}carbon product <name> {2}/);
    expect(text).toContain('carbon recipe <name>');
    expect(text).toContain('carbon help');
    // The command line's own help: no chat spelling, forms or message actions.
    expect(text).not.toMatch(/\/carbon|form|Rate this menu/);
    expect(text.endsWith(helpView('cli').footer)).toBe(true);
  });

  it('puts the hint first', () => {
    const text = renderText({ type: 'help', help: helpView('cli', '"x" is not a command.') });
    expect(text.startsWith('"x" is not a command.\n\nUsage:')).toBe(true);
  });

  it('speaks the command-line spelling when asked', () => {
    const text = renderText(
      { type: 'help', help: helpView('cli', 'Give a product name, e.g. `/carbon product oat milk`.') },
      {
        command: 'carbon',
      },
    );
    expect(text).not.toContain('/carbon');
    expect(text).toContain('`carbon product oat milk`');
    expect(text).toContain('  carbon product <name>');
  });
});

describe('renderText: errors', () => {
  it('shows text, hint and suggestions', () => {
    const text = renderText(
      errorReply({
        code: 'not_found',
        text: 'No product found for "oat mlk".',
        hint: 'Did you mean one of these?',
        suggestions: ['Oat milk', 'Oat drink'],
      }),
    );
    expect(text).toBe(
      'No product found for "oat mlk".\nDid you mean one of these?\n  - Oat milk\n  - Oat drink',
    );
  });

  it('shows the text alone when there is no hint', () => {
    expect(renderText(errorReply({ text: 'Broken.' }))).toBe('Broken.');
  });
});

describe('renderText: hostile text', () => {
  it('neutralises terminal control sequences from any field', () => {
    const text = renderText(
      resultReply({
        ...product,
        name: 'Evil\u001b[2J\u001b]0;title\u0007',
        comparisonText: 'line\rover',
        notes: ['\u009b31m'],
      }),
    );
    // Every control character except the line breaks the renderer puts in itself.
    expect(text.replaceAll('\n', '')).not.toMatch(/\p{Cc}/u);
    const help = renderText({ type: 'help', help: helpView('cli', '"\u001b[31m" is not a command.') });
    expect(help).not.toContain('\u001b');
  });
});

describe('levelBar', () => {
  it('fills one, two or three cells', () => {
    expect(levelBar('low')).toBe('low ▮▯▯');
    expect(levelBar('medium')).toBe('medium ▮▮▯');
    expect(levelBar('high')).toBe('high ▮▮▮');
  });
});
