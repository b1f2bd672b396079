import { describe, expect, it } from 'vitest';
import { helpView } from '../../src/core/commands/registry.js';
import {
  ApiKeyRefusedError,
  InvalidInputError,
  NotFoundError,
  RateLimitedError,
  UpstreamError,
} from '../../src/core/errors.js';
import { toErrorView } from '../../src/core/messages.js';
import { EPHEMERAL_FLAG, LEVEL_COLOURS, renderDiscord } from '../../src/render/discord.js';
import { parseShareCustomId } from '../../src/render/discord-custom-ids.js';
import { errorReply, resultReply } from '../support/sample-results.js';
import { expectWithinLimits, product, recipe } from './discord-fixtures.js';

describe('renderDiscord: products', () => {
  it('shows name, value with unit, comparison, level colour and scale, swap, notes and source', () => {
    const message = renderDiscord(resultReply(product()));
    expectWithinLimits(message);
    expect(message.flags).toBe(EPHEMERAL_FLAG);
    const embed = message.embeds[0]!;
    expect(embed.title).toBe('Oat-based drink, plain, prepacked');
    expect(embed.description).toContain('**0.566 kg CO2e per litre**');
    expect(embed.description).toContain('🟢 LOW');
    expect(embed.description).toContain('51% lower than the average product');
    expect(embed.color).toBe(LEVEL_COLOURS.low);
    expect(embed.fields).toContainEqual({ name: 'Category', value: 'Non-alcoholic beverages', inline: true });
    const swap = embed.fields!.find((field) => field.name === 'Lower-carbon swap');
    expect(swap?.value).toBe('**Almond milk**: 0.381 kg CO2e per litre (33% lower)');
    expect(embed.fields!.find((field) => field.name === 'Notes')?.value).toBe(
      '• Per litre, assuming 1 kg/L.',
    );
    expect(embed.footer?.text).toBe(
      'Source: Built-in catalog (ADEME Agribalyse 3.2) · ADEME, AGRIBALYSE® v3.2 (2024), Licence Ouverte 2.0 · you asked for “oat milk”',
    );
  });

  it('colours by level: amber for medium, red for high', () => {
    const medium = renderDiscord(resultReply(product({ level: 'medium' }))).embeds[0]!;
    const high = renderDiscord(resultReply(product({ level: 'high', swap: null }))).embeds[0]!;
    expect(medium.color).toBe(LEVEL_COLOURS.medium);
    expect(medium.description).toContain('🟡 MEDIUM');
    expect(high.color).toBe(LEVEL_COLOURS.high);
    expect(high.description).toContain('🔴 HIGH');
    expect(high.fields!.some((field) => field.name === 'Lower-carbon swap')).toBe(false);
  });

  it('leaves out what the source did not give, and shows confidence below 100%', () => {
    const embed = renderDiscord(
      resultReply(product({ category: null, swap: null, notes: [], comparisonText: '', confidence: 0.62 })),
    ).embeds[0]!;
    expect(embed.fields).toEqual([]);
    expect(embed.description).not.toContain('\n\n');
    expect(embed.footer?.text).toContain('match confidence 62%');
  });

  it('carries a share button whose custom_id encodes kind and name', () => {
    const message = renderDiscord(resultReply(product()));
    const button = message.components[0]!.components[0]!;
    expect(button).toMatchObject({ type: 2, label: 'Share in channel' });
    expect(parseShareCustomId(button.custom_id)).toEqual({
      kind: 'product',
      name: 'Oat-based drink, plain, prepacked',
    });
  });
});

describe('renderDiscord: recipes', () => {
  it('gives the verdict with the 0.5 kg threshold and the main contributors', () => {
    const embed = renderDiscord(resultReply(recipe())).embeds[0]!;
    expect(embed.title).toBe('Lasagne');
    expect(embed.description).toContain('**4.45 kg CO2e per serving**');
    expect(embed.description).toContain(
      '❌ Not climate-friendly: 4.45 kg is over the 0.5 kg CO2e budget per serving (WWF One Planet Plate).',
    );
    expect(embed.color).toBe(LEVEL_COLOURS.high);
    const contributors = embed.fields!.find((field) => field.name === 'Main contributors')!;
    expect(contributors.value.split('\n')).toEqual([
      '1. beef mince (100 g): 3.57 kg CO2e, 80%',
      '2. lasagne sheets (80 g): 0.158 kg CO2e, 4%',
    ]);
  });

  it('says climate-friendly when it is, and unknown with the raw text when the source was unclear', () => {
    const yes = renderDiscord(
      resultReply(
        recipe({ climateFriendly: { value: 'yes', raw: null }, kgCo2ePerServing: 0.42, level: 'low' }),
      ),
    ).embeds[0]!;
    expect(yes.description).toContain(
      '✅ Climate-friendly: within the 0.5 kg CO2e budget per serving (WWF One Planet Plate).',
    );
    expect(yes.color).toBe(LEVEL_COLOURS.low);
    const unknown = renderDiscord(
      resultReply(recipe({ climateFriendly: { value: 'unknown', raw: 'Maybe*' } })),
    ).embeds[0]!;
    expect(unknown.description).toContain('❔ Climate verdict unknown: the source said "Maybe\\*"');
  });

  it('omits the contributors field when there are none', () => {
    const embed = renderDiscord(resultReply(recipe({ contributors: [] }))).embeds[0]!;
    expect(embed.fields).toEqual([]);
  });

  it('keeps 100 contributors within the field limit and counts the rest', () => {
    const contributors = Array.from({ length: 100 }, (_, index) => ({
      name: `ingredient ${index} ${'x'.repeat(200)}`,
      grams: 10,
      kgCo2e: 0.01,
      share: 0.01,
    }));
    const message = renderDiscord(resultReply(recipe({ contributors })));
    expectWithinLimits(message);
    const value = message.embeds[0]!.fields![0]!.value;
    expect(value.split('\n').at(-1)).toMatch(/^…and \d+ more$/);
    const shown = value.split('\n').length - 1;
    expect(value).toContain(`…and ${100 - shown} more`);
  });
});

describe('renderDiscord: help and errors', () => {
  it('renders help as an ephemeral embed listing every command', () => {
    const message = renderDiscord({ type: 'help', help: helpView('discord') });
    expectWithinLimits(message);
    expect(message.flags).toBe(EPHEMERAL_FLAG);
    expect(message.components).toEqual([]);
    expect(message.embeds[0]!.fields!.map((field) => field.name)).toEqual([
      '/carbon product name:<name>',
      '/carbon recipe name:<name>',
      '/carbon recipe name:<ingredient list>',
      '/carbon recipe',
      '/carbon compare options:<a>, <b>, <c>',
      'Rate this menu',
      '/carbon sources',
      '/carbon help',
    ]);
  });

  it('formats the bot’s own code spans as code in help and hints, and escapes the text around them', () => {
    const message = renderDiscord({
      type: 'help',
      help: helpView('discord', '"*x*" is not a command. Start with `product`.'),
    });
    expect(message.embeds[0]!.description).toBe('"\\*x\\*" is not a command. Start with `product`.');
    const error = renderDiscord({ type: 'error', error: toErrorView(new NotFoundError('recipe', 'soup')) });
    expect(error.content).toContain('`/carbon recipe lasagne`');
    expect(error.content).not.toContain('\\`');
  });

  it('renders not-found as a short ephemeral message with suggestions', () => {
    const message = renderDiscord(
      errorReply(
        toErrorView(new NotFoundError('product', 'oat mlk', ['Oat milk', 'Oats', 'Oat bran', 'Extra'])),
      ),
    );
    expectWithinLimits(message);
    expect(message.flags).toBe(EPHEMERAL_FLAG);
    expect(message.embeds).toEqual([]);
    expect(message.content).toBe(
      '⚠️ No product found for "oat mlk".\nDid you mean one of these?\n• `Oat milk`\n• `Oats`\n• `Oat bran`',
    );
  });

  it.each([
    [new InvalidInputError('the name is empty'), 'That name can', 'Try `/carbon help`.'],
    [new RateLimitedError(30), 'busy', 'Try again in 30 s.'],
    [new ApiKeyRefusedError(401), 'refused', 'API key'],
    [new UpstreamError('boom', 503), 'having trouble', 'Try again in a moment.'],
    [new Error('secret detail'), 'Something went wrong', 'Try again'],
  ])('renders %s briefly with what to do next', (error, text, hint) => {
    const message = renderDiscord(errorReply(toErrorView(error)));
    expectWithinLimits(message);
    expect(message.content).toContain(text);
    expect(message.content).toContain(hint);
    expect(message.content).not.toContain('secret detail');
    expect(message.content!.length).toBeLessThan(300);
  });

  it('escapes the user’s text in error messages', () => {
    const message = renderDiscord(
      errorReply(toErrorView(new NotFoundError('recipe', '@everyone **x** <@1>'))),
    );
    expect(message.content).toContain('"@\u200beveryone \\*\\*x\\*\\* \\<@1\\>"');
  });
});
