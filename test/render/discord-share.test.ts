import { describe, expect, it } from 'vitest';
import { helpView } from '../../src/core/commands/registry.js';
import {
  type DiscordEmbed,
  EmbedSchema,
  renderDiscord,
  sharedMessage,
  sharedNotice,
  shareFailedMessage,
} from '../../src/render/discord.js';
import { shareCustomId } from '../../src/render/discord-custom-ids.js';
import { resultReply } from '../support/sample-results.js';
import { expectWithinLimits, product, recipe } from './discord-fixtures.js';

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
