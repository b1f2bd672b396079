import { describe, expect, it } from 'vitest';
import { type DiscordEmbed, fitEmbed, renderDiscord } from '../../src/render/discord.js';
import { escapeMarkdown } from '../../src/render/discord-markdown.js';
import { resultReply } from '../support/sample-results.js';
import { allText, expectWithinLimits, product } from './discord-fixtures.js';

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
