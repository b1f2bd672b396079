import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseShareCustomId } from '../../../src/render/discord-custom-ids.js';
import { type Catalog, createCatalogSource, loadCatalog } from '../../../src/sources/catalog/index.js';
import { FAKE_APPLICATION_ID, FAKE_BOT_TOKEN } from '../../support/fake-discord.js';
import {
  autocompletePayload,
  buttonPayload,
  commandPayload,
  USER_ID,
} from '../../support/fake-discord-payloads.js';
import { finalMessage, type Message, withoutFooter } from './final-message.js';
import { type Harness, startHarness } from './harness.js';

describe('Discord gateway mode with the catalog', () => {
  let harness: Harness;
  let catalog: Catalog;

  beforeAll(async () => {
    catalog = loadCatalog();
    harness = await startHarness({
      mode: 'gateway',
      source: createCatalogSource(catalog),
      suggester: catalog,
    });
  });
  afterAll(() => harness.stop());

  it('identifies with the bot token, no intents, JSON encoding and no compression', () => {
    const connection = harness.fake.connections[0]!;
    expect(connection.identify).toEqual({ token: FAKE_BOT_TOKEN, intents: 0 });
    expect(connection.query.get('encoding')).toBe('json');
    expect(connection.query.get('v')).toBe('10');
    expect(connection.query.has('compress')).toBe(false);
    // The gateway address came from the fake REST API's /gateway/bot.
    expect(harness.fake.requests.some((each) => each.method === 'GET' && each.path === '/gateway/bot')).toBe(
      true,
    );
  });

  it('answers /carbon product with an ephemeral embed, a share button and no mentions', async () => {
    const payload = commandPayload('product', 'oat milk');
    harness.fake.dispatch('INTERACTION_CREATE', payload);
    const callback = await harness.fake.waitForCallback(payload.id);
    expect(callback.token).toBe(payload.token);
    expect(callback.body.type).toBe(4);
    const message = callback.body.data as unknown as Message;
    expect(message.flags).toBe(64);
    expect(message.allowed_mentions).toEqual({ parse: [] });
    expect(message.embeds[0]!.title).toBe(catalog.findProduct('oat milk').name);
    expect(message.embeds[0]!.description).toContain('kg CO2e per litre');
    const button = message.components[0]!.components[0]!;
    expect(button.label).toBe('Share in channel');
    expect(parseShareCustomId(button.custom_id)?.kind).toBe('product');
  });

  it('answers /carbon recipe with the verdict', async () => {
    const payload = commandPayload('recipe', 'lasagne');
    harness.fake.dispatch('INTERACTION_CREATE', payload);
    const message = await finalMessage(harness.fake, payload);
    expect(message.embeds[0]!.title).toBe('Lasagne');
    expect(message.embeds[0]!.description).toMatch(/climate-friendly/i);
  });

  it('answers /carbon help with the help embed', async () => {
    const payload = commandPayload('help');
    harness.fake.dispatch('INTERACTION_CREATE', payload);
    const message = await finalMessage(harness.fake, payload);
    expect(message.flags).toBe(64);
    expect(message.embeds[0]!.fields!.map((field) => field.name)).toContain('/carbon recipe name:<name>');
  });

  it('answers /carbon sources with an embed of the datasets and their licences, links masked', async () => {
    const payload = commandPayload('sources');
    harness.fake.dispatch('INTERACTION_CREATE', payload);
    const message = await finalMessage(harness.fake, payload);
    expect(message.flags).toBe(64);
    const embed = message.embeds[0]!;
    expect(embed.title).toBe('Where the figures come from');
    expect(embed.fields!.map((field) => field.name).join(' ')).toContain('AGRIBALYSE');
    expect(embed.fields!.every((field) => /\[[^\]]+\]\(<https:\/\/[^>]+>\)/.test(field.value))).toBe(true);
    expect(message.allowed_mentions).toEqual({ parse: [] });
  });

  it('suggests catalog names as the user types (type 8, at most 25)', async () => {
    const payload = autocompletePayload('product', 'oat');
    harness.fake.dispatch('INTERACTION_CREATE', payload);
    const callback = await harness.fake.waitForCallback(payload.id);
    expect(callback.body.type).toBe(8);
    const { choices } = callback.body.data as { choices: { name: string; value: string }[] };
    expect(choices.map((choice) => choice.value)).toEqual(catalog.suggest('product', 'oat', 25));
    expect(choices.map((choice) => choice.value)).toContain('Oat milk');

    const broad = autocompletePayload('product', 'a');
    harness.fake.dispatch('INTERACTION_CREATE', broad);
    const many = (await harness.fake.waitForCallback(broad.id)).body.data as { choices: unknown[] };
    expect(many.choices.length).toBeGreaterThan(0);
    expect(many.choices.length).toBeLessThanOrEqual(25);
  });

  it('shares an answer: the private copy is updated in place (type 7), the public one is a follow-up', async () => {
    const command = commandPayload('product', 'oat milk');
    harness.fake.dispatch('INTERACTION_CREATE', command);
    const answer = (await harness.fake.waitForCallback(command.id)).body.data as unknown as Message;

    const click = buttonPayload(answer.components[0]!.components[0]!.custom_id, answer.embeds);
    harness.fake.dispatch('INTERACTION_CREATE', click);
    const callback = await harness.fake.waitForCallback(click.id);
    expect(callback.body).toEqual({
      type: 7,
      data: {
        content: '✅ Shared in the channel.',
        embeds: [],
        components: [],
        allowed_mentions: { parse: [] },
      },
    });

    const followUp = await harness.fake.waitForWebhook(click.token, 'POST');
    expect(followUp).toMatchObject({ applicationId: FAKE_APPLICATION_ID, messageId: null });
    const shared = followUp.body as unknown as Message;
    expect(shared.flags).toBeUndefined();
    expect(shared.content).toBe(`Shared by <@${USER_ID}>`);
    expect(shared.allowed_mentions).toEqual({ parse: [] });
    expect(shared.components).toEqual([]);
    // The same card, looked up again by the name found; the public copy does not echo the query.
    expect(withoutFooter(shared.embeds)).toEqual(withoutFooter(answer.embeds));
    // Nothing else: no delete of a message another interaction's token created.
    expect(harness.fake.webhookAttempts(click.token)).toHaveLength(1);
    expect(harness.fake.webhookAttempts(command.token)).toEqual([]);
  });

  it('gives the card and its button back, saying sharing failed, when the public post fails', async () => {
    // Not oat milk: that is shared in this channel already, and a comparison or lookup is shared once.
    const command = commandPayload('product', 'tofu');
    harness.fake.dispatch('INTERACTION_CREATE', command);
    const answer = (await harness.fake.waitForCallback(command.id)).body.data as unknown as Message;
    const customId = answer.components[0]!.components[0]!.custom_id;

    const click = buttonPayload(customId, answer.embeds);
    harness.fake.failNext(
      (request) =>
        request.method === 'POST' &&
        request.path.startsWith(`/webhooks/${FAKE_APPLICATION_ID}/${click.token}`),
      500,
    );
    harness.fake.dispatch('INTERACTION_CREATE', click);
    expect((await harness.fake.waitForCallback(click.id)).body.type).toBe(7);
    const edit = await harness.fake.waitForWebhook(click.token, 'PATCH');
    expect(edit.messageId).toBe('@original');
    const restored = edit.body as unknown as Message;
    expect(restored.content).toContain('Sharing in the channel failed');
    expect(restored.content).toContain('Try the button again');
    expect(withoutFooter(restored.embeds)).toEqual(withoutFooter(answer.embeds));
    expect(restored.components[0]!.components[0]!.custom_id).toBe(customId);
    expect(restored.allowed_mentions).toEqual({ parse: [] });
    expect(harness.fake.webhooks.filter((each) => each.token === click.token)).toEqual([edit]);
  });

  it('looks the name up again when the clicked message carries no embed', async () => {
    const click = buttonPayload('carbon:share:r:Lasagne', []);
    harness.fake.dispatch('INTERACTION_CREATE', click);
    expect((await harness.fake.waitForCallback(click.id)).body.type).toBe(7);
    const shared = (await harness.fake.waitForWebhook(click.token, 'POST')).body as unknown as Message;
    expect(shared.flags).toBeUndefined();
    expect(shared.content).toBe(`Shared by <@${USER_ID}>`);
    expect(shared.embeds[0]!.title).toBe('Lasagne');
  });

  it('answers a name with nothing usable in it with a short ephemeral error', async () => {
    const payload = commandPayload('product', '\u200b\u0007 ');
    harness.fake.dispatch('INTERACTION_CREATE', payload);
    const message = await finalMessage(harness.fake, payload);
    expect(message.flags).toBe(64);
    expect(message.embeds).toEqual([]);
    expect(message.content).toContain("That name can't be looked up");
  });

  it('answers an unknown name with suggestions', async () => {
    const payload = commandPayload('recipe', 'zzz lasagne pizza');
    harness.fake.dispatch('INTERACTION_CREATE', payload);
    const message = await finalMessage(harness.fake, payload);
    expect(message.flags).toBe(64);
    expect(message.content).toContain('No recipe found for "zzz lasagne pizza".');
    expect(message.content).toContain('• `Lasagne`');
  });

  it('never writes the bot token or an interaction token to the log', () => {
    const log = harness.logs.join('\n');
    expect(log).not.toContain(FAKE_BOT_TOKEN);
    expect(log).not.toContain('interaction-token-');
  });
});
