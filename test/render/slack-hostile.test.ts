import { describe, expect, it } from 'vitest';
import { helpView } from '../../src/core/commands/registry.js';
import { NotFoundError } from '../../src/core/errors.js';
import { toErrorView } from '../../src/core/messages.js';
import { renderSlack, SLACK_LIMITS } from '../../src/render/slack.js';
import { decodeLookupButton } from '../../src/render/slack-buttons.js';
import {
  expectNoSlackControlSequences,
  expectWithinBlockKitLimits,
  mrkdwnTexts,
} from '../adapters/slack/block-kit.js';
import { errorReply, resultReply } from '../support/sample-results.js';
import { allText, product, recipe } from './slack-fixtures.js';

describe('renderSlack: hostile and oversized input', () => {
  const hostile =
    '<!channel> <@U123> <!here> <#C1> & <script>alert(1)</script> <https://evil.example|click> @channel @here @everyone @Channel #general';

  it('escapes mentions, links and markup from every source field', () => {
    const card = renderSlack(
      resultReply(
        product({
          query: hostile,
          name: hostile,
          comparisonText: hostile,
          category: hostile,
          swap: { name: hostile, kgCo2ePerUnit: 1, unit: 'kg', percentLower: 50 },
          notes: [hostile, hostile],
          source: { id: 'api', label: hostile, attribution: hostile },
          confidence: 0.2,
        }),
      ),
    );
    expectWithinBlockKitLimits(card);
    expectNoSlackControlSequences(card);
    const joined = mrkdwnTexts(card).join('\n');
    expect(joined).toContain('&lt;!channel&gt; &lt;@U123&gt;');
    expect(joined).toContain('&amp; &lt;script&gt;');
    // Plain @-mentions keep reading the same but get a zero-width space Slack does not parse across.
    expect(joined).toContain('@\u200bchannel @\u200bhere @\u200beveryone @\u200bChannel #general');
    expect(card.text).not.toMatch(/@(?:channel|here|everyone)/i);
    // The name sits in plain_text, which Slack never parses for mentions.
    expect(card.blocks[0]).toMatchObject({ type: 'header', text: { type: 'plain_text' } });
  });

  it('escapes hostile recipe contributors, verdicts and suggestions', () => {
    const recipeCard = renderSlack(
      resultReply(
        recipe({
          name: hostile,
          contributors: [{ name: hostile, grams: null, kgCo2e: 1, share: 1 }],
          climateFriendly: { value: 'unknown', raw: hostile },
          notes: [hostile],
        }),
      ),
    );
    expectNoSlackControlSequences(recipeCard);
    const errorCard = renderSlack(
      errorReply(toErrorView(new NotFoundError('product', hostile, [hostile, '<@U999>']))),
      { lookupKind: 'product' },
    );
    expectWithinBlockKitLimits(errorCard);
    expectNoSlackControlSequences(errorCard);
  });

  it('holds every limit with 10k-character names, emoji, RTL text and a 3000-character comparison', () => {
    const emoji = '🥛🧀🍝'.repeat(3400);
    const rtl = 'حليب الشوفان '.repeat(800);
    for (const name of ['x'.repeat(10_000), emoji, rtl, '<'.repeat(10_000), '&'.repeat(10_000)]) {
      const card = renderSlack(
        resultReply(
          product({
            name,
            query: name,
            comparisonText: `${'<!channel> '.repeat(300)}`.slice(0, 3000),
            category: name,
            swap: { name, kgCo2ePerUnit: 0.1, unit: 'L', percentLower: 90 },
            notes: Array.from({ length: 200 }, () => name.slice(0, 400)),
            source: { id: 'api', label: name, attribution: name },
          }),
        ),
      );
      expectWithinBlockKitLimits(card);
      expectNoSlackControlSequences(card);
      const recipeCard = renderSlack(
        resultReply(
          recipe({
            name,
            query: name,
            contributors: Array.from({ length: 100 }, (_, index) => ({
              name,
              grams: index,
              kgCo2e: index,
              share: 0.01,
            })),
            notes: [name],
            climateFriendly: { value: 'unknown', raw: name },
          }),
        ),
      );
      expectWithinBlockKitLimits(recipeCard);
      const errorCard = renderSlack(
        errorReply(toErrorView(new NotFoundError('recipe', name, [name, name, name]))),
        { lookupKind: 'recipe' },
      );
      expectWithinBlockKitLimits(errorCard);
    }
  });

  it('neutralises plain @channel, @here and @everyone in queries, errors, help and suggestions', () => {
    const plain = 'oat @channel milk @here @everyone';
    const cards = [
      renderSlack(resultReply(product({ query: plain, name: plain, comparisonText: plain, notes: [plain] }))),
      renderSlack(errorReply(toErrorView(new NotFoundError('product', plain, [plain]))), {
        lookupKind: 'product',
      }),
      renderSlack({ type: 'help', help: helpView('slack', `"${plain}" is not a command.`) }),
    ];
    for (const card of cards) {
      expectNoSlackControlSequences(card);
      expect(allText(card)).toContain('oat @\u200bchannel milk @\u200bhere @\u200beveryone');
    }
    // The share button carries the query as typed: it is data for the next lookup, not text.
    const share = cards[0]!.blocks.at(-1);
    const value = share?.type === 'actions' && 'value' in share.elements[0]! ? share.elements[0].value : '';
    expect(decodeLookupButton(value)).toEqual({ k: 'product', q: plain });
  });

  it('never cuts an entity in half when a section runs over 3000 characters', () => {
    // Help usage lines are escaped whole, so an oversized one reaches the section's own cut; the
    // padding moves the cut across every position inside `&lt;` / `&amp;`.
    for (let pad = 0; pad < 6; pad += 1) {
      for (const char of ['<', '&']) {
        const help = {
          ...helpView('slack'),
          usage: [{ command: 'x'.repeat(pad), description: char.repeat(2000) }],
        };
        const card = renderSlack({ type: 'help', help });
        expectWithinBlockKitLimits(card);
        expectNoSlackControlSequences(card);
        const usage = card.blocks[1];
        const text = usage?.type === 'section' ? (usage.text?.text ?? '') : '';
        expect(text.length).toBeGreaterThan(2990);
        expect(text).toMatch(/;…$/);
      }
    }
  });

  it('drops the share button rather than exceed the button value limit', () => {
    const card = renderSlack(resultReply(product({ query: '"'.repeat(SLACK_LIMITS.buttonValue) })));
    expectWithinBlockKitLimits(card);
    expect(card.blocks.some((block) => block.type === 'actions')).toBe(false);
  });

  it('keeps an empty name readable', () => {
    const card = renderSlack(resultReply(product({ name: '   ', comparisonText: '' })));
    expectWithinBlockKitLimits(card);
    expect(card.blocks[0]).toMatchObject({ type: 'header', text: { text: 'Unnamed' } });
  });
});
