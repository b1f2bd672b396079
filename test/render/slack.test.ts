import { describe, expect, it } from 'vitest';
import { helpView } from '../../src/core/commands/registry.js';
import {
  ApiKeyRefusedError,
  BadResponseError,
  InvalidInputError,
  NotFoundError,
  RateLimitedError,
  SourceUnavailableError,
  UpstreamError,
  UpstreamTimeoutError,
} from '../../src/core/errors.js';
import { toErrorView } from '../../src/core/messages.js';
import { escapeFit, escapeMrkdwn, renderSlack } from '../../src/render/slack.js';
import { decodeLookupButton, SHARE_ACTION_ID } from '../../src/render/slack-buttons.js';
import {
  expectNoSlackControlSequences,
  expectWithinBlockKitLimits,
  mrkdwnTexts,
} from '../adapters/slack/block-kit.js';
import { errorReply, resultReply } from '../support/sample-results.js';
import { allText, product, recipe } from './slack-fixtures.js';

describe('renderSlack: text that must not format or break the card', () => {
  it('escapes the card\'s own "<" in tiny figures ("< 0.001 kg", "<1%")', () => {
    const tiny = renderSlack(resultReply(product({ kgCo2ePerUnit: 0.0004 })));
    const shares = renderSlack(
      resultReply(recipe({ contributors: [{ name: 'Salt', grams: 1, kgCo2e: 0.0001, share: 0.001 }] })),
    );
    for (const card of [tiny, shares]) {
      for (const text of mrkdwnTexts(card)) expect(text).not.toMatch(/<(?![@!#])/);
    }
    expect(mrkdwnTexts(tiny).join('\n')).toContain('&lt; 0.001');
    expect(mrkdwnTexts(shares).join('\n')).toContain('&lt;1%');
  });

  it("does not let a user's query format a shared card (*bold*, `code`, _italic_, ~strike~)", () => {
    const query = '*b* `code` _i_ ~s~';
    const card = renderSlack(resultReply(product({ query })), { sharedBy: 'U123ABC' });
    const notFound = renderSlack(errorReply(toErrorView(new NotFoundError('product', query))));
    for (const text of [...mrkdwnTexts(card), ...mrkdwnTexts(notFound)]) {
      expect(text).not.toMatch(/\*b\*|`code`|(?<![A-Za-z0-9])_i_|~s~/);
    }
    expect(mrkdwnTexts(card).join('\n')).toContain('∗b∗');
    expect(mrkdwnTexts(card).join('\n')).toContain('Shared by <@U123ABC>');
  });
});

describe('renderSlack: products', () => {
  it('shows the name, value per kg, comparison, scale, swap, source and a share button', () => {
    const card = renderSlack(resultReply(product()));
    expectWithinBlockKitLimits(card);
    expect(card.blocks[0]).toMatchObject({
      type: 'header',
      text: { type: 'plain_text', text: 'Cheddar cheese' },
    });
    const text = allText(card);
    expect(text).toContain('*8.46 kg CO2e* per kg');
    expect(text).toContain('⚪ low · ⚪ medium · 🔴 HIGH');
    expect(text).toContain('32% higher than the average product in “Cheeses”');
    expect(text).toContain('*Lower-carbon swap:* Tofu: 1.2 kg CO2e per kg (86% lower)');
    expect(text).toContain('Source: ADEME Agribalyse 3.2');
    expect(text).toContain('Agribalyse 3.2, ADEME, Etalab licence');
    expect(text).toContain('Category: Cheeses');
    expect(card.text).toBe('Cheddar cheese: 8.46 kg CO2e per kg (high impact)');
    const actions = card.blocks.at(-1);
    expect(actions?.type).toBe('actions');
    const share = actions?.type === 'actions' ? actions.elements[0] : undefined;
    expect(share).toMatchObject({
      type: 'button',
      action_id: SHARE_ACTION_ID,
      text: { text: 'Share in channel' },
    });
    expect(decodeLookupButton(share && 'value' in share ? share.value : undefined)).toEqual({
      k: 'product',
      q: 'cheddar',
    });
  });

  it('reads liquids per litre and says what the user asked for when the match differs', () => {
    const card = renderSlack(
      resultReply(
        product({
          query: 'oat milk',
          name: 'Oat drink',
          kgCo2ePerUnit: 0.311,
          unit: 'L',
          level: 'low',
          swap: null,
          confidence: 0.6,
        }),
      ),
    );
    const text = allText(card);
    expect(text).toContain('*0.311 kg CO2e* per litre');
    expect(text).toContain('🟢 LOW');
    expect(text).not.toContain('swap');
    expect(text).toContain('You asked for “oat milk”');
    expect(text).toContain('Match confidence 60%');
  });

  it('leaves out the share button when asked, and credits the sharer', () => {
    const card = renderSlack(resultReply(product()), { share: false, sharedBy: 'U123ABC' });
    expect(card.blocks.some((block) => block.type === 'actions')).toBe(false);
    expect(allText(card)).toContain('Shared by <@U123ABC>');
    expectNoSlackControlSequences(card, ['<@U123ABC>']);
  });

  it('never turns a malformed sharer id into a mention', () => {
    const card = renderSlack(resultReply(product()), { share: false, sharedBy: 'U1> <!channel' });
    expect(allText(card)).not.toContain('Shared by');
    expectNoSlackControlSequences(card);
  });
});

describe('renderSlack: recipes', () => {
  it('says "not climate-friendly" with the threshold, and lists contributors with shares', () => {
    const card = renderSlack(resultReply(recipe()));
    expectWithinBlockKitLimits(card);
    const text = allText(card);
    expect(text).toContain('*2.31 kg CO2e* per serving');
    expect(text).toContain('❌ Not climate-friendly: 2.31 kg is over the 0.5 kg CO2e budget per serving');
    expect(text).toContain('• Beef mince: 69% (1.6 kg CO2e, 125 g)');
    expect(text).toContain('• Pasta: 4% (0.1 kg CO2e, 80 g)');
    expect(text).toContain('• Per serving of 350 g.');
  });

  it('says "climate-friendly" for a low recipe', () => {
    const card = renderSlack(
      resultReply(
        recipe({
          kgCo2ePerServing: 0.42,
          level: 'low',
          climateFriendly: { value: 'yes', raw: null },
          contributors: [],
          notes: [],
        }),
      ),
    );
    const text = allText(card);
    expect(text).toContain('✅ Climate-friendly: within the 0.5 kg CO2e budget per serving');
    expect(text).not.toContain('Main contributors');
    expect(text).not.toContain('Notes');
  });

  it('shows an unknown verdict with what the source said, escaped', () => {
    const card = renderSlack(
      resultReply(recipe({ climateFriendly: { value: 'unknown', raw: 'maybe <!here>' } })),
    );
    const text = allText(card);
    expect(text).toContain('❔ Climate verdict unknown: the source said "maybe &lt;!here&gt;"');
    expect(text).toContain('(budget 0.5 kg CO2e per serving, WWF One Planet Plate)');
    expectNoSlackControlSequences(card);
  });

  it('shows the top five of 100 contributors, largest first, and counts the rest', () => {
    const contributors = Array.from({ length: 100 }, (_, index) => ({
      name: `Ingredient ${index}`,
      grams: 10,
      kgCo2e: index / 100,
      share: index / 4950,
    }));
    const card = renderSlack(resultReply(recipe({ contributors })));
    expectWithinBlockKitLimits(card);
    const text = allText(card);
    expect(text).toContain('• Ingredient 99:');
    expect(text).toContain('• Ingredient 95:');
    expect(text).not.toContain('• Ingredient 94:');
    expect(text).toContain('…and 95 more ingredients');
  });
});

describe('renderSlack: help and errors', () => {
  it('renders help with usage and escapes the command placeholders', () => {
    const card = renderSlack({ type: 'help', help: helpView('slack') });
    expectWithinBlockKitLimits(card);
    const text = allText(card);
    expect(text).toContain('`/carbon product &lt;name&gt;`');
    expect(text).toContain('/carbon recipe');
    expect(text).toContain('Examples:');
  });

  it('formats the bot’s own code spans as code in help and hints, never as look-alike backticks', () => {
    const help = renderSlack({
      type: 'help',
      help: helpView('slack', 'Give a product name, e.g. `/carbon product oat milk`.'),
    });
    const text = allText(help);
    expect(text).toContain('e.g. `/carbon product oat milk`.');
    expect(text).toContain('(also `a vs b`, `… for 12 people`)');
    expect(text).toContain('Examples: `/carbon product oat milk`');
    expect(text).not.toContain('ˋ');
    const error = renderSlack({ type: 'error', error: toErrorView(new NotFoundError('recipe', 'soup')) });
    expect(allText(error)).toContain('`/carbon recipe lasagne`');
    expect(allText(error)).not.toContain('ˋ');
    // Between the spans the text is still escaped; an unclosed backtick is not code.
    const hostile = renderSlack({
      type: 'help',
      help: helpView('slack', '*"<!here>"* is not a command, try `help` or `x'),
    });
    expect(allText(hostile)).toContain('∗"&lt;!here&gt;"∗');
    expect(allText(hostile)).toContain('`help` or ˋx');
  });

  it('shows a help hint that quotes user text without letting it ping', () => {
    const card = renderSlack({ type: 'help', help: helpView('slack', '"<!channel>" is not a command.') });
    expect(allText(card)).toContain('&lt;!channel&gt;');
    expectNoSlackControlSequences(card);
  });

  const errors: [string, unknown, string[]][] = [
    [
      'not found with suggestions',
      new NotFoundError('product', 'chedar', ['Cheddar', 'Cheddar, mature']),
      ['No product found for "chedar"', 'Did you mean', '• Cheddar', '• Cheddar, mature'],
    ],
    [
      'not found without suggestions',
      new NotFoundError('recipe', 'zzz'),
      ['No recipe found for "zzz"', 'Check the spelling'],
    ],
    ['rate limited', new RateLimitedError(17), ['busy', 'Try again in 17 s.']],
    ['key refused', new ApiKeyRefusedError(401), ['refused', 'API key']],
    ['timeout', new UpstreamTimeoutError(8000), ['took too long', 'Try again in a moment.']],
    ['upstream 5xx', new UpstreamError('HTTP 503', 503), ['having trouble', 'Try again in a moment.']],
    ['bad response', new BadResponseError('not JSON'), ['could not read']],
    [
      'invalid input',
      new InvalidInputError('names are limited to 200 characters'),
      ['limited to 200 characters'],
    ],
    ['unavailable', new SourceUnavailableError('the catalog is missing'), ['not available']],
    ['unexpected', new Error('boom'), ['Something went wrong']],
  ];
  it.each(errors)('renders %s as a short message with what to do next', (_name, error, expected) => {
    const card = renderSlack(errorReply(toErrorView(error)), { lookupKind: 'product' });
    expectWithinBlockKitLimits(card);
    const text = allText(card);
    for (const part of expected) expect(text).toContain(part);
    expect(text).not.toContain('boom');
    expect(card.blocks.length).toBeLessThanOrEqual(2);
  });

  it('turns suggestions into buttons that run the lookup', () => {
    const card = renderSlack(
      errorReply(toErrorView(new NotFoundError('recipe', 'lasagna', ['Lasagne', 'Vegetable lasagne']))),
      { lookupKind: 'recipe' },
    );
    const actions = card.blocks.find((block) => block.type === 'actions');
    expect(
      actions?.type === 'actions' &&
        actions.elements.map((element) => ('value' in element ? decodeLookupButton(element.value) : null)),
    ).toEqual([
      { k: 'recipe', q: 'Lasagne' },
      { k: 'recipe', q: 'Vegetable lasagne' },
    ]);
  });

  it('lists suggestions without buttons when the kind is not known', () => {
    const card = renderSlack(errorReply(toErrorView(new NotFoundError('recipe', 'x', ['Lasagne']))));
    expect(card.blocks.some((block) => block.type === 'actions')).toBe(false);
    expect(allText(card)).toContain('• Lasagne');
  });
});

describe('escaping helpers', () => {
  it('escapes exactly &, < and >, and breaks plain @channel, @here and @everyone', () => {
    expect(escapeMrkdwn('a & b <!channel> c > d "e"')).toBe('a &amp; b &lt;!channel&gt; c &gt; d "e"');
    expect(escapeMrkdwn('@channel @HERE x@everyone @channels @someone')).toBe(
      '@\u200bchannel @\u200bHERE x@\u200beveryone @\u200bchannels @someone',
    );
  });

  it('fits escaped text within a limit without splitting entities', () => {
    const fitted = escapeFit('<'.repeat(100), 40);
    expect(fitted.length).toBeLessThanOrEqual(40);
    expect(fitted).toMatch(/^(&lt;)+…$/);
    expect(escapeFit('short', 40)).toBe('short');
  });
});
