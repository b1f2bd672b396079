import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiscordRest, DiscordRestError, discordApiRoot } from '../../../src/adapters/discord/rest.js';
import { FAKE_APPLICATION_ID, type FakeDiscord, startFakeDiscord } from '../../support/fake-discord.js';
import { commandPayload } from '../../support/fake-discord-payloads.js';

describe('Discord REST retries', () => {
  let fake: FakeDiscord;
  beforeAll(async () => {
    fake = await startFakeDiscord();
  });
  afterAll(() => fake.stop());

  const rest = () => createDiscordRest({ apiRoot: discordApiRoot({ DISCORD_API_URL: fake.apiUrl }) });
  const rateLimited = (retryAfter: number) => ({
    message: 'You are being rate limited.',
    retry_after: retryAfter,
    global: false,
  });

  it('never retries an interaction callback: a 429 rejects at once, after one request', async () => {
    const payload = commandPayload('product', 'oat milk');
    fake.failNext((request) => request.path.endsWith('/callback'), 429, rateLimited(5));
    const error = await rest()
      .createResponse(payload.id, payload.token, { type: 5, data: { flags: 64 } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DiscordRestError);
    expect(error).toMatchObject({ status: 429 });
    expect(fake.callbackAttempts(payload.id)).toHaveLength(1);
    expect(fake.callbacks.some((each) => each.interactionId === payload.id)).toBe(false);
  });

  it('waits out a short 429 on a webhook edit as Retry-After says, and gives up at once on a long one', async () => {
    const payload = commandPayload('product', 'oat milk');
    await rest().createResponse(payload.id, payload.token, { type: 5, data: { flags: 64 } });
    const edit = { content: 'done', embeds: [], components: [], allowed_mentions: { parse: [] as [] } };
    const mine = (request: { method: string; path: string }) =>
      request.method === 'PATCH' && request.path.includes(payload.token);

    fake.failNext(mine, 429, rateLimited(0.01), 2);
    await rest().editOriginal(FAKE_APPLICATION_ID, payload.token, edit);
    expect(fake.webhookAttempts(payload.token)).toHaveLength(3);

    // Longer than anyone waits for a reply: rejected without a second request.
    fake.failNext(mine, 429, rateLimited(60));
    const error = await rest()
      .editOriginal(FAKE_APPLICATION_ID, payload.token, edit)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DiscordRestError);
    expect(error).toMatchObject({ status: 429 });
    expect(String(error)).not.toContain(payload.token);
    expect(fake.webhookAttempts(payload.token)).toHaveLength(4);
  });
});

describe('the fake Discord refuses what Discord refuses', () => {
  let fake: FakeDiscord;
  beforeAll(async () => {
    fake = await startFakeDiscord();
  });
  afterAll(() => fake.stop());

  const rest = () => createDiscordRest({ apiRoot: discordApiRoot({ DISCORD_API_URL: fake.apiUrl }) });
  const message = { content: 'hello', embeds: [], components: [], allowed_mentions: { parse: [] as [] } };

  it('webhook calls before the interaction is acknowledged (10015)', async () => {
    const payload = commandPayload('product', 'oat milk');
    await expect(rest().followUp(FAKE_APPLICATION_ID, payload.token, message)).rejects.toMatchObject({
      status: 404,
      code: 10015,
    });
  });

  it('a message id the token did not create (10008), while its own follow-ups are fine', async () => {
    const first = commandPayload('product', 'oat milk');
    const second = commandPayload('product', 'oat milk');
    await rest().createResponse(first.id, first.token, { type: 4, data: { ...message, flags: 64 } });
    await rest().createResponse(second.id, second.token, { type: 4, data: message });
    await rest().followUp(FAKE_APPLICATION_ID, first.token, message);
    const created = fake.webhooks.at(-1)!.createdId!;
    const response = await fetch(
      `${fake.apiUrl}/v10/webhooks/${FAKE_APPLICATION_ID}/${second.token}/messages/${created}`,
      { method: 'DELETE' },
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 10008 });
    const own = await fetch(
      `${fake.apiUrl}/v10/webhooks/${FAKE_APPLICATION_ID}/${first.token}/messages/${created}`,
      { method: 'DELETE' },
    );
    expect(own.status).toBe(204);
  });

  it.each([
    ['type 4 with neither content nor embeds', { type: 4, data: { content: '', embeds: [] } }],
    ['type 4 with a flag other than 64', { type: 4, data: { content: 'x', flags: 4096 } }],
    ['type 5 with message content', { type: 5, data: { content: 'x' } }],
    ['type 5 with a flag other than 64', { type: 5, data: { flags: 2 } }],
    ['type 6 with a message', { type: 6, data: { content: 'x' } }],
    ['type 7 without data', { type: 7 }],
    ['type 7 making the message ephemeral', { type: 7, data: { content: 'x', flags: 64 } }],
    ['type 7 leaving the message empty', { type: 7, data: { content: '', embeds: [] } }],
    ['type 8 with 26 choices', { type: 8, data: { choices: Array(26).fill({ name: 'a', value: 'a' }) } }],
    ['an unknown type', { type: 42 }],
  ])('a callback with %s (400)', async (_name, body) => {
    const payload = commandPayload('product', 'oat milk');
    const response = await fetch(`${fake.apiUrl}/v10/interactions/${payload.id}/${payload.token}/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    expect(fake.callbacks.some((each) => each.interactionId === payload.id)).toBe(false);
    expect(fake.rejected.at(-1)!.request.path).toContain(payload.id);
  });

  it('type 6 and 7 for an interaction that is not a component', async () => {
    const payload = commandPayload('product', 'oat milk');
    fake.dispatch('INTERACTION_CREATE', payload);
    await expect(
      rest().createResponse(payload.id, payload.token, { type: 7, data: message }),
    ).rejects.toMatchObject({ status: 400, code: 50035 });
  });

  it('an edit that sets flags, and a follow-up with no content', async () => {
    const payload = commandPayload('product', 'oat milk');
    await rest().createResponse(payload.id, payload.token, { type: 5, data: { flags: 64 } });
    await expect(
      rest().editOriginal(FAKE_APPLICATION_ID, payload.token, { ...message, flags: 64 } as typeof message),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      rest().followUp(FAKE_APPLICATION_ID, payload.token, { ...message, content: '' }),
    ).rejects.toMatchObject({ status: 400, code: 50006 });
  });
});
