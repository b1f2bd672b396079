import { describe, expect, it } from 'vitest';
import type { Reply } from '../../src/core/lookup.js';
import { MAX_SUGGESTIONS } from '../../src/core/messages.js';
import { MAX_CONTRIBUTORS, SHOW_CONFIDENCE_BELOW } from '../../src/core/view.js';
import { renderDiscord } from '../../src/render/discord.js';
import { renderSlack } from '../../src/render/slack.js';
import { renderText } from '../../src/render/text.js';
import { errorReply, resultReply, sampleProduct, sampleRecipe } from '../support/sample-results.js';

/** Every renderer's output as one string, to ask the same question of all three. */
const renderers: [string, (reply: Reply) => string][] = [
  ['text', (reply) => renderText(reply)],
  ['Slack', (reply) => JSON.stringify(renderSlack(reply, { lookupKind: 'product' }))],
  ['Discord', (reply) => JSON.stringify(renderDiscord(reply))],
];

describe('one confidence rule for every renderer', () => {
  const results = [
    ['product', (confidence: number | null) => sampleProduct({ confidence })],
    ['recipe', (confidence: number | null) => sampleRecipe({ confidence })],
  ] as const;

  describe.each(renderers)('%s', (_name, render) => {
    it.each(results)('shows an uncertain %s match’s confidence', (_kind, make) => {
      // 0.85 is where they disagreed: Slack hid everything from 0.8 up.
      expect(render(resultReply(make(0.85)))).toMatch(/[Mm]atch confidence:? 85%/);
      expect(render(resultReply(make(0.72)))).toMatch(/[Mm]atch confidence:? 72%/);
    });

    it.each(results)('hides a sure %s match’s confidence', (_kind, make) => {
      // 0.95 is where they disagreed the other way: text and Discord showed anything below 1.
      for (const confidence of [1, 0.98, 0.95, SHOW_CONFIDENCE_BELOW, null]) {
        expect(render(resultReply(make(confidence)))).not.toMatch(/[Mm]atch confidence/);
      }
    });
  });
});

describe('one suggestion limit for every renderer', () => {
  it('is three', () => {
    expect(MAX_SUGGESTIONS).toBe(3);
  });

  it.each(renderers)('%s shows at most MAX_SUGGESTIONS names', (_name, render) => {
    const names = ['Alpha drink', 'Bravo drink', 'Charlie drink', 'Delta drink', 'Echo drink'];
    const shown = render(errorReply({ code: 'not_found', text: 'No product found.', suggestions: names }));
    for (const name of names.slice(0, MAX_SUGGESTIONS)) expect(shown).toContain(name);
    for (const name of names.slice(MAX_SUGGESTIONS)) expect(shown).not.toContain(name);
  });
});

describe('one view of a result for every renderer (core/view.ts)', () => {
  // Given smallest first: a renderer that does not take the view's order shows them so.
  const contributors = Array.from({ length: 8 }, (_, index) => ({
    name: `Ingredient${String.fromCharCode(65 + index)}`,
    grams: 10,
    kgCo2e: (index + 1) / 10,
    share: (index + 1) / 36,
  }));
  const largestFirst = contributors.map((each) => each.name).reverse();

  it.each(renderers)(
    '%s shows the same five contributors, largest first, and counts the rest',
    (_name, render) => {
      const shown = render(resultReply(sampleRecipe({ contributors })));
      const positions = largestFirst.slice(0, MAX_CONTRIBUTORS).map((name) => shown.indexOf(name));
      expect(positions.every((position) => position >= 0)).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      for (const name of largestFirst.slice(MAX_CONTRIBUTORS)) expect(shown).not.toContain(name);
      expect(shown).toMatch(/…and 3 more/);
    },
  );

  it.each(renderers)(
    '%s credits the source and its licence once each, and says what was asked',
    (_name, render) => {
      const result = sampleProduct({
        query: 'oatmilk',
        name: 'Oat drink',
        source: {
          id: 'catalog',
          label: 'Built-in catalog',
          attribution: 'Source: ADEME, Licence Ouverte 2.0',
        },
      });
      const shown = render(resultReply(result));
      expect(shown).toContain('Built-in catalog');
      expect(shown).toContain('ADEME, Licence Ouverte 2.0');
      expect(shown.match(/Source:/g)).toHaveLength(1);
      expect(shown).toContain('oatmilk');
    },
  );
});
