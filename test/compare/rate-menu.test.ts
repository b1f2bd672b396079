import { describe, expect, it } from 'vitest';
import { rateMenu } from '../../src/compare/compare.js';
import { loadEquivalences } from '../../src/compare/equivalence.js';
import { silentLogger } from '../../src/logging/logger.js';
import { renderCompareDiscord } from '../../src/render/compare-discord.js';
import { renderCompareSlack } from '../../src/render/compare-slack.js';
import { EMBED_LIMITS, embedLength } from '../../src/render/discord.js';
import { SLACK_LIMITS } from '../../src/render/slack.js';
import { createCatalogSource, loadCatalog } from '../../src/sources/catalog/index.js';
import { hostileMenuLines } from '../support/hostile-menu.js';

const catalog = loadCatalog();
/** As the app gives compare its dependencies: the catalog reads the menu, whatever the source. */
const deps = {
  source: createCatalogSource(catalog),
  car: loadEquivalences().carKm,
  logger: silentLogger(),
  catalog: () => catalog,
};

/** The menu as people post it: mrkdwn, an entity-escaped "&", a mention, prices and dietary marks. */
const MENU = [
  '*Thursday lunch* <!here> vote by 11 :fork_and_knife:',
  '',
  '*Mains*',
  '• Beef lasagne — £12.50',
  '• Dal with rice (VG, GF) — £9',
  '• Chicken curry £11.00',
  '• Fish &amp; chips £13',
  '',
  '*Dessert*',
  '• Sticky toffee pudding (v) £5',
].join('\n');

// A message_action payload as Slack documents it (reference/interaction-payloads/shortcuts): the
// message the shortcut was used on, with its text, arrives in `message`.
const slackMessageAction = {
  type: 'message_action',
  callback_id: 'rate_menu',
  trigger_id: '13345224609.738474920.8088930838d88f008e0',
  response_url: 'https://hooks.slack.com/app/T0001/1234/abcd',
  team: { id: 'T0001', domain: 'example' },
  channel: { id: 'C0001', name: 'lunch' },
  user: { id: 'U0001', name: 'ana' },
  action_ts: '1700000000.000100',
  message_ts: '1700000000.000050',
  message: { type: 'message', user: 'U0002', ts: '1700000000.000050', text: MENU },
};

// A type-3 (MESSAGE) application command interaction as Discord documents it: the target message,
// content included, is in data.resolved.messages under data.target_id.
const discordInteraction = {
  type: 2,
  id: '1300000000000000001',
  application_id: '1200000000000000000',
  token: 'interaction-token',
  data: {
    id: '1200000000000000009',
    type: 3,
    name: 'Rate this menu',
    target_id: '1300000000000000000',
    resolved: {
      messages: {
        '1300000000000000000': {
          id: '1300000000000000000',
          channel_id: '1100000000000000000',
          author: { id: '1000000000000000002', username: 'ana' },
          content:
            '# Thursday lunch @everyone\n1. Beef lasagne - £12.50\n2. **Dal** (VG) - £9\n3. Chicken curry £11\n<@1000000000000000003> what about pad thai?',
        },
      },
    },
  },
};

describe('rate a posted menu', () => {
  it('compares the lines of a Slack message_action message', async () => {
    const result = await rateMenu(slackMessageAction.message.text, deps);
    expect(result.status).toBe('ranked');
    expect(result.basis).toBe('serving');
    const names = result.ranked.map((item) => item.input);
    expect(names).toEqual(
      expect.arrayContaining(['Beef lasagne', 'Dal with rice (vegan)', 'Chicken curry', 'Fish & chips']),
    );
    expect(result.ranked[0]!.kgCo2e).toBeLessThanOrEqual(result.ranked.at(-1)!.kgCo2e);
    expect(result.capped).toBeNull();
  });

  it('compares the lines of a Discord type-3 interaction’s target message', async () => {
    const { target_id, resolved } = discordInteraction.data;
    const messages: Record<string, { content: string }> = resolved.messages;
    const result = await rateMenu(messages[target_id]!.content, deps);
    expect(result.ranked.map((item) => item.input)).toEqual(
      expect.arrayContaining(['Beef lasagne', 'Dal (vegan)', 'Chicken curry']),
    );
    expect(
      [...result.ranked, ...result.notFound, ...result.notRanked].some((item) =>
        /Thursday lunch/.test(item.input),
      ),
    ).toBe(false);
  });

  it('cuts a 50-line hostile menu to ten options, says so, and every reply stays within its platform’s limits', async () => {
    const lines = hostileMenuLines(
      (dish, i) =>
        `${i + 1}. <@U${i}ABC> **${dish} ${'x'.repeat(i % 3)}${i}th** <!channel> ||@everyone|| ~~£${i}.50~~ (GF)`,
    );
    const result = await rateMenu(lines.join('\n'), deps);
    expect(result.capped).toEqual({ compared: 10, total: 50 });
    expect(
      result.ranked.length + result.notFound.length + result.notRanked.length + result.failed.length,
    ).toBe(10);
    const slack = renderCompareSlack({ type: 'compare', result });
    expect(slack.blocks.length).toBeLessThanOrEqual(SLACK_LIMITS.blocks);
    expect(JSON.stringify(slack)).not.toMatch(/<!channel>|<@U/);
    const discord = renderCompareDiscord({ type: 'compare', result });
    expect(embedLength(discord.embeds[0]!)).toBeLessThanOrEqual(EMBED_LIMITS.total);
    expect(discord.embeds[0]!.description).toContain('The menu has 50 options; the first 10 are compared.');
  });

  it('says so when a message has fewer than two options', async () => {
    const result = await rateMenu('*Mains*\n<@U1> ok\n£5', deps);
    expect(result.status).toBe('too_few');
  });
});
