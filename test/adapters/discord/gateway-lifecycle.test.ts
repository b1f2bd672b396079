import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogSource, loadCatalog } from '../../../src/sources/catalog/index.js';
import { commandPayload } from '../../support/fake-discord-payloads.js';
import { memorySource } from '../../support/memory-source.js';
import { type Harness, startApiHarness, startHarness } from './harness.js';

/** The gateway adapter's life beyond single answers: stopping, heartbeats, a renderer failing. */

type Message = { content?: string; embeds: unknown[]; flags?: number };

describe('Discord adapter stop', () => {
  it('tells a user left with "thinking…" that the bot is restarting, in one line, once the grace is over', async () => {
    const harness = await startApiHarness({
      mode: 'gateway',
      timeoutMs: 10_000,
      budgetMs: 50,
      drainMs: 2_000,
      graceMs: 50,
    });
    const upstream = harness.holdApi();
    try {
      const payload = commandPayload('product', 'oat milk');
      harness.fake.dispatch('INTERACTION_CREATE', payload);
      // The lookup is held, so the interaction is deferred and the user sees "thinking…".
      const callback = await harness.fake.waitForCallback(payload.id);
      expect(callback.body).toEqual({ type: 5, data: { flags: 64 } });

      // The grace passes, the lookup is aborted, and stop() resolves once the user has been told.
      await harness.adapter.stop();
      const notices = harness.fake.webhookAttempts(payload.token);
      expect(notices).toHaveLength(1);
      const notice = notices[0]!.body as unknown as Message;
      expect(notice.content).toBe(
        '⚠️ The bot is restarting, so this was not finished.\nTry again in a minute.',
      );
      expect(notice.flags).toBe(64);
      expect(harness.logs.join('\n')).not.toContain('having trouble');
    } finally {
      upstream.open();
      await harness.stop();
    }
  });

  it('answers an interaction arriving while it stops with the same line instead of leaving it unanswered', async () => {
    const harness = await startApiHarness({
      mode: 'gateway',
      timeoutMs: 10_000,
      budgetMs: 50,
      drainMs: 2_000,
      graceMs: 5_000,
    });
    const upstream = harness.holdApi();
    try {
      const first = commandPayload('product', 'oat milk');
      harness.fake.dispatch('INTERACTION_CREATE', first);
      await harness.fake.waitForCallback(first.id);
      const stopping = harness.adapter.stop();
      const late = commandPayload('recipe', 'lasagne');
      harness.fake.dispatch('INTERACTION_CREATE', late);
      const refused = await harness.fake.waitForCallback(late.id);
      expect(refused.body.type).toBe(4);
      expect((refused.body.data as unknown as Message).content).toContain('The bot is restarting');
      // The lookup in flight finishes within its grace and is delivered as usual.
      upstream.open();
      harness.greenswapp.respondWith(null);
      await stopping;
      const edit = await harness.fake.waitForWebhook(first.token, 'PATCH');
      expect(JSON.stringify(edit.body)).not.toContain('restarting');
    } finally {
      upstream.open();
      await harness.stop();
    }
  });
});

describe('Discord gateway heartbeats', () => {
  it('sends op 1 heartbeats at the interval HELLO gives, each ACKed with op 11, on one connection', async () => {
    const catalog = loadCatalog();
    const harness = await startHarness({
      mode: 'gateway',
      source: createCatalogSource(catalog),
      suggester: catalog,
      heartbeatIntervalMs: 100,
    });
    try {
      const connection = harness.fake.connections[0]!;
      await harness.fake.waitFor(() => connection.heartbeats >= 3);
      expect(connection.heartbeatAcks).toBe(connection.heartbeats);
      // discord.js reconnects when a heartbeat goes un-ACKed; the ACKs kept the one session.
      expect(harness.fake.connections).toHaveLength(1);
      expect(harness.logs.join('\n')).not.toContain('Discord gateway disconnected');
    } finally {
      await harness.stop();
    }
  });
});

describe('Discord gateway mode when rendering fails', () => {
  let harness: Harness;
  beforeAll(async () => {
    // A result the renderer cannot lay out (notes must be a list): a source bug, not a user error.
    harness = await startHarness({
      mode: 'gateway',
      source: memorySource({ product: { notes: null as unknown as string[] } }),
      suggester: null,
    });
  });
  afterAll(() => harness.stop());

  it('still answers, with the generic ephemeral error, and logs why', async () => {
    const payload = commandPayload('product', 'oat milk');
    harness.fake.dispatch('INTERACTION_CREATE', payload);
    const callback = await harness.fake.waitForCallback(payload.id);
    expect(callback.body.type).toBe(4);
    const message = callback.body.data as unknown as Message;
    expect(message.flags).toBe(64);
    expect(message.embeds).toEqual([]);
    expect(message.content).toContain('Something went wrong on our side.');
    const line = await harness.waitForLog('could not render a Discord reply');
    expect(line).toContain(payload.id);
    expect(line).toContain('"command":"product"');
  });
});
