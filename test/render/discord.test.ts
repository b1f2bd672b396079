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
import type { ProductResult, RecipeResult } from '../../src/core/result.js';
import {
  CONTENT_LIMIT,
  type DiscordEmbed,
  type DiscordMessage,
  EMBED_LIMITS,
  EmbedSchema,
  EPHEMERAL_FLAG,
  embedLength,
  fitEmbed,
  LEVEL_COLOURS,
  renderDiscord,
  sharedMessage,
  sharedNotice,
  shareFailedMessage,
} from '../../src/render/discord.js';
import { parseShareCustomId, shareCustomId } from '../../src/render/discord-custom-ids.js';
import { escapeMarkdown } from '../../src/render/discord-markdown.js';
import { errorReply, resultReply, sampleProduct, sampleRecipe } from '../support/sample-results.js';

const SOURCE = {
  id: 'catalog' as const,
  label: 'Built-in catalog (ADEME Agribalyse 3.2)',
  attribution: 'Source: ADEME, AGRIBALYSE® v3.2 (2024), Licence Ouverte 2.0',
};

const product = (overrides: Partial<ProductResult> = {}): ProductResult =>
  sampleProduct({
    name: 'Oat-based drink, plain, prepacked',
    kgCo2ePerUnit: 0.566,
    comparisonText: 'The impact is 51% lower than the average product in "Non-alcoholic beverages".',
    comparison: { percent: 51, direction: 'lower' },
    category: 'Non-alcoholic beverages',
    swap: { name: 'Almond milk', kgCo2ePerUnit: 0.381, unit: 'L', percentLower: 33 },
    confidence: 1,
    notes: ['Per litre, assuming 1 kg/L.'],
    source: SOURCE,
    ...overrides,
  });

const recipe = (overrides: Partial<RecipeResult> = {}): RecipeResult =>
  sampleRecipe({
    kgCo2ePerServing: 4.451,
    climateFriendly: { value: 'no', raw: null },
    level: 'high',
    contributors: [
      { name: 'beef mince', grams: 100, kgCo2e: 3.57, share: 0.802 },
      { name: 'lasagne sheets', grams: 80, kgCo2e: 0.1584, share: 0.0356 },
    ],
    source: SOURCE,
    ...overrides,
  });

/** Every Discord limit, checked on a whole message. */
function expectWithinLimits(message: DiscordMessage): void {
  expect(message.allowed_mentions).toEqual({ parse: [] });
  expect(message.embeds.length).toBeLessThanOrEqual(10);
  if (message.content !== undefined) expect(message.content.length).toBeLessThanOrEqual(CONTENT_LIMIT);
  let total = 0;
  for (const embed of message.embeds) {
    expect(embed.title?.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.title);
    expect(embed.description?.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.description);
    expect(embed.footer?.text.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.footer);
    expect(embed.fields?.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.fields);
    for (const field of embed.fields ?? []) {
      expect(field.name.length).toBeGreaterThan(0);
      expect(field.name.length).toBeLessThanOrEqual(EMBED_LIMITS.fieldName);
      expect(field.value.length).toBeGreaterThan(0);
      expect(field.value.length).toBeLessThanOrEqual(EMBED_LIMITS.fieldValue);
    }
    total += embedLength(embed);
  }
  expect(total).toBeLessThanOrEqual(EMBED_LIMITS.total);
  for (const row of message.components) {
    for (const button of row.components) expect(button.custom_id.length).toBeLessThanOrEqual(100);
  }
}

function allText(embed: DiscordEmbed): string {
  return [
    embed.title,
    embed.description,
    ...(embed.fields ?? []).flatMap((field) => [field.name, field.value]),
    embed.footer?.text,
  ].join('\n');
}

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

describe('renderDiscord: hostile and oversized input', () => {
  const hostile =
    '@everyone <@123> <@&456> **bold** __u__ `code` ||spoiler|| [link](https://evil.example) # heading';

  it('escapes markdown and mentions in names, sentences, categories, swaps and notes', () => {
    const message = renderDiscord(
      resultReply(
        product({
          name: hostile,
          comparisonText: hostile,
          category: hostile,
          swap: { name: hostile, kgCo2ePerUnit: 1, unit: 'kg', percentLower: 40 },
          notes: [hostile],
        }),
      ),
    );
    expectWithinLimits(message);
    const embed = message.embeds[0]!;
    expect(embed.title).toBe(
      '@\u200beveryone \\<@123\\> \\<@&456\\> \\*\\*bold\\*\\* \\_\\_u\\_\\_ \\`code\\` \\|\\|spoiler\\|\\| \\[link](https://evil.example) # heading',
    );
    const text = allText(embed);
    expect(text).not.toMatch(/(^|[^\\])<@/);
    expect(text).not.toContain('@everyone');
    expect(text).not.toMatch(/(^|[^\\])\[link/);
  });

  it('escapes line-start markdown so a name cannot become a heading, list or quote', () => {
    expect(escapeMarkdown('# Big')).toBe('\\# Big');
    expect(escapeMarkdown('- item')).toBe('\\- item');
    expect(escapeMarkdown('1. first')).toBe('1\\. first');
    expect(escapeMarkdown('> quote')).toBe('\\> quote');
    expect(escapeMarkdown('-# small')).toBe('\\-# small');
  });

  it('keeps a 10,000-character name with emoji within the title limit without splitting a surrogate pair', () => {
    const name = `🥛${'🍝'.repeat(5000)}`;
    const message = renderDiscord(resultReply(product({ name })));
    expectWithinLimits(message);
    const title = message.embeds[0]!.title!;
    expect(title.endsWith('…')).toBe(true);
    expect(title).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(message.components[0]!.components[0]!.custom_id.length).toBeLessThanOrEqual(100);
    expect(message.components[0]!.components[0]!.custom_id).not.toMatch(/[\ud800-\udbff]$/);
  });

  it('keeps a 5,000-character sentence, long notes and a huge category within every limit', () => {
    const message = renderDiscord(
      resultReply(
        product({
          comparisonText: 'much higher '.repeat(420),
          category: 'c'.repeat(3000),
          notes: Array.from({ length: 50 }, () => 'n'.repeat(500)),
          swap: { name: 's'.repeat(3000), kgCo2ePerUnit: 1, unit: 'kg', percentLower: 40 },
          source: { id: 'api', label: 'l'.repeat(3000), attribution: 'a'.repeat(3000) },
        }),
      ),
    );
    expectWithinLimits(message);
  });

  it('collapses line breaks in source text so it cannot inject structure', () => {
    const embed = renderDiscord(resultReply(product({ name: 'Oat\n# drink\r\nx', notes: ['a\nb'] })))
      .embeds[0]!;
    expect(embed.title).toBe('Oat # drink x');
    expect(embed.fields!.find((field) => field.name === 'Notes')?.value).toBe('• a b');
  });

  it('fitEmbed brings any embed within every limit, dropping trailing fields for the total', () => {
    const huge: DiscordEmbed = {
      title: 't'.repeat(1000),
      description: 'd'.repeat(5000),
      fields: Array.from({ length: 40 }, () => ({ name: 'n'.repeat(300), value: 'v'.repeat(2000) })),
      footer: { text: 'f'.repeat(3000) },
    };
    expectWithinLimits({ embeds: [fitEmbed(huge)], components: [], allowed_mentions: { parse: [] } });
    const fitted = fitEmbed({ ...huge, description: 'd'.repeat(1000), footer: { text: 'f' } });
    expectWithinLimits({ embeds: [fitted], components: [], allowed_mentions: { parse: [] } });
    expect(fitted.fields!.length).toBe(3);
    expect(fitted.fields![0]!.value).toBe(`${'v'.repeat(1023)}…`);
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

describe('share ids and the shared copy', () => {
  it('reads back every embed it renders with the schema the Share button copies cards with', () => {
    const embeds: DiscordEmbed[] = [
      ...renderDiscord(resultReply(product({ confidence: 0.75 }))).embeds,
      ...renderDiscord(resultReply(recipe())).embeds,
      ...renderDiscord({ type: 'help', help: helpView('discord') }).embeds,
    ];
    expect(embeds).toHaveLength(3);
    for (const embed of embeds) expect(EmbedSchema.parse(embed)).toEqual(embed);
    // A field Discord adds on its side (type, a timestamp) is not part of the bot's embed.
    expect(EmbedSchema.parse({ ...embeds[0], type: 'rich' })).toEqual(embeds[0]);
    expect(EmbedSchema.safeParse({ title: 'x', color: -1 }).success).toBe(false);
  });

  it('credits the sharer without pinging and drops the button and the ephemeral flag', () => {
    const message = renderDiscord(resultReply(product()), { mode: { sharedBy: '777' } });
    expectWithinLimits(message);
    expect(message.content).toBe('Shared by <@777>');
    expect(message.flags).toBeUndefined();
    expect(message.components).toEqual([]);
    expect(message.embeds[0]!.title).toBe('Oat-based drink, plain, prepacked');
  });

  it('never puts anything but a numeric id into the mention', () => {
    expect(sharedMessage([], '@everyone').content).toBe('Shared by someone');
  });

  it('replaces the private card with a short notice once shared: no embeds, no button, not ephemeral', () => {
    const notice = sharedNotice();
    expect(notice).toEqual({
      content: '✅ Shared in the channel.',
      embeds: [],
      components: [],
      allowed_mentions: { parse: [] },
    });
  });

  it('gives the card and its button back when sharing failed, within limits', () => {
    const card = renderDiscord(resultReply(product({ name: 'x'.repeat(10_000) })));
    const customId = shareCustomId('product', 'x'.repeat(10_000));
    const message = shareFailedMessage(card.embeds, customId);
    expectWithinLimits(message);
    expect(message.content).toContain('Sharing in the channel failed');
    expect(message.embeds).toEqual(card.embeds);
    expect(message.components[0]!.components[0]).toMatchObject({
      custom_id: customId,
      label: 'Share in channel',
    });
    expect(message.flags).toBeUndefined();
    expect(message.allowed_mentions).toEqual({ parse: [] });
  });
});
