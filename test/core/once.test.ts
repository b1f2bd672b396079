import { describe, expect, it } from 'vitest';
import type { Answer } from '../../src/core/commands/answer.js';
import { putToVote, sharePublicly } from '../../src/core/intents.js';
import type { InteractionOrigin } from '../../src/core/interaction.js';
import { AnswerOnce, DELIVERY_TTL_MS, PUBLICATION_TTL_MS } from '../../src/core/once.js';
import { MemoryStateStore } from '../../src/core/state/memory-store.js';
import type { StateStore } from '../../src/core/state/store.js';
import { silentLogger } from '../../src/logging/logger.js';
import { sampleProduct } from '../support/sample-results.js';

const origin = (overrides: Partial<InteractionOrigin> = {}): InteractionOrigin => ({
  platform: 'slack',
  deliveryId: '13345224609.738474920.8088930838d88f008e0',
  issuedAtMs: null,
  userId: 'U0000001',
  workspaceId: 'T0000001',
  channelId: 'C0000001',
  ...overrides,
});

function once(store: StateStore = new MemoryStateStore(), now = () => 1_000_000_000) {
  const duplicates: string[] = [];
  return {
    duplicates,
    once: new AnswerOnce(store, {
      logger: silentLogger(),
      onDuplicate: (o) => duplicates.push(o.deliveryId),
      now,
    }),
  };
}

const broken = (): StateStore =>
  Object.assign(new MemoryStateStore(), {
    claim: async () => {
      throw new Error('connection refused');
    },
  });

describe('AnswerOnce: deliveries', () => {
  it('answers the first delivery of an interaction and drops its retries and replays', async () => {
    const { once: guard, duplicates } = once();
    expect(await guard.firstDelivery(origin())).toBe(true);
    expect(await guard.firstDelivery(origin())).toBe(false);
    expect(await guard.firstDelivery(origin({ deliveryId: 'another.trigger.id' }))).toBe(true);
    expect(duplicates).toEqual([origin().deliveryId]);
  });

  it('keeps each workspace’s claims apart, under its prefix', async () => {
    const store = new MemoryStateStore();
    const { once: guard } = once(store);
    expect(await guard.firstDelivery(origin())).toBe(true);
    expect(await guard.firstDelivery(origin({ workspaceId: 'T0000002' }))).toBe(true);
    expect(store.size).toBe(2);
  });

  it('remembers a delivery for 15 minutes, and drops one issued longer ago than that', async () => {
    let now = 1_000_000_000;
    const store = new MemoryStateStore({ now: () => now });
    const { once: guard } = once(store, () => now);
    const discord = origin({ platform: 'discord', deliveryId: '1', issuedAtMs: now });
    expect(await guard.firstDelivery(discord)).toBe(true);
    now += DELIVERY_TTL_MS - 1;
    expect(await guard.firstDelivery(discord)).toBe(false);
    now += 2;
    // Its claim is gone, but so is Discord's willingness to take an answer: still dropped.
    expect(await guard.firstDelivery(discord)).toBe(false);
  });

  it('answers when the store cannot be reached: a duplicate beats no answer', async () => {
    const { once: guard } = once(broken());
    expect(await guard.firstDelivery(origin())).toBe(true);
    expect(await guard.firstDelivery(origin())).toBe(true);
  });
});

describe('AnswerOnce: publications', () => {
  it('lets the first Share of a thing in a channel post, and points later ones to it', async () => {
    const { once: guard } = once();
    const first = await guard.publication('share', origin(), { command: 'product', input: { name: 'tofu' } });
    expect(first.first).toBe(true);
    if (!first.first) return;
    await first.done('https://fake.slack.test/archives/C0000001/p1');
    const again = await guard.publication('share', origin({ userId: 'U0000002' }), {
      command: 'product',
      input: { name: 'tofu' },
    });
    expect(again).toEqual({ first: false, link: 'https://fake.slack.test/archives/C0000001/p1' });
    // Another channel, another thing, or the vote are separate.
    for (const [kind, where, what] of [
      ['share', origin({ channelId: 'C0000002' }), { command: 'product', input: { name: 'tofu' } }],
      ['share', origin(), { command: 'product', input: { name: 'dal' } }],
      ['vote', origin(), { command: 'product', input: { name: 'tofu' } }],
    ] as const) {
      expect((await guard.publication(kind, where, what)).first).toBe(true);
    }
  });

  it('releases the claim when the post failed, so pressing again posts', async () => {
    const { once: guard } = once();
    const first = await guard.publication('vote', origin(), { message: '1.1' });
    if (!first.first) throw new Error('expected the first claim');
    await first.failed();
    expect((await guard.publication('vote', origin(), { message: '1.1' })).first).toBe(true);
  });

  it('lasts a day', async () => {
    let now = 0;
    const store = new MemoryStateStore({ now: () => now });
    const { once: guard } = once(store, () => now);
    await guard.publication('vote', origin(), 'x');
    now = PUBLICATION_TTL_MS - 1;
    expect((await guard.publication('vote', origin(), 'x')).first).toBe(false);
    now = PUBLICATION_TTL_MS;
    expect((await guard.publication('vote', origin(), 'x')).first).toBe(true);
  });
});

/** Records what a Share's primitives were asked to do. */
function shareRecorder(posted: { link: string | null } | null = { link: 'https://chat.test/p/1' }) {
  const calls: string[] = [];
  return {
    calls,
    primitives: {
      reply: async (message: string) => {
        calls.push(`reply ${message}`);
      },
      defer: async () => {
        calls.push('defer');
      },
      post: async (message: string) => {
        calls.push(`post ${message}`);
        return posted;
      },
      followUp: async (message: string) => {
        calls.push(`followUp ${message}`);
      },
    },
  };
}

const layout = {
  privately: (answer: Answer) =>
    answer.type === 'error' ? `private: ${answer.error.text} ${answer.error.hint}` : 'private',
  publicly: () => 'public',
};

describe('Share and the vote, posted once per channel (core intents)', () => {
  const result: Answer = { type: 'result', result: sampleProduct() } as Answer;

  it('posts the first Share, and tells a second press privately where the first one is', async () => {
    const { once: guard } = once();
    const claim = () => guard.publication('share', origin(), 'tofu');
    const first = shareRecorder();
    await sharePublicly(first.primitives, layout, claim).answerNow(result);
    expect(first.calls).toEqual(['post public']);
    const second = shareRecorder();
    await sharePublicly(second.primitives, layout, claim).answerNow(result);
    expect(second.calls).toEqual([
      'reply private: This is already shared in this channel. Here it is: https://chat.test/p/1',
    ]);
    // A late second press (after "thinking…") gets the same pointer as a follow-up.
    const late = shareRecorder();
    await sharePublicly(late.primitives, layout, claim).deliverLater(result);
    expect(late.calls).toEqual([
      'followUp private: This is already shared in this channel. Here it is: https://chat.test/p/1',
    ]);
  });

  it('lets the next press post when the first post failed', async () => {
    const { once: guard } = once();
    const claim = () => guard.publication('share', origin(), 'tofu');
    await sharePublicly(shareRecorder(null).primitives, layout, claim).answerNow(result);
    const retry = shareRecorder();
    await sharePublicly(retry.primitives, layout, claim).answerNow(result);
    expect(retry.calls).toEqual(['post public']);
  });

  it('opens one poll per comparison and channel, pointing a second press to the first', async () => {
    const { once: guard } = once();
    const claim = () => guard.publication('vote', origin(), { items: ['a', 'b'] });
    const calls: string[] = [];
    const primitives = {
      open: async (poll: string) => {
        calls.push(`open ${poll}`);
        return { link: 'https://discord.com/channels/1/2/3' };
      },
      reply: async (message: string) => {
        calls.push(`reply ${message}`);
      },
      defer: async () => {},
      deliver: async () => ({ link: null }),
      notify: async () => {},
    };
    const voteLayout = { poll: () => 'poll', privately: layout.privately };
    await putToVote(primitives, voteLayout, claim).answerNow(result);
    await putToVote(primitives, voteLayout, claim).answerNow(result);
    expect(calls).toEqual([
      'open poll',
      'reply private: This comparison is already up for a vote in this channel. Vote here: https://discord.com/channels/1/2/3',
    ]);
  });
});
