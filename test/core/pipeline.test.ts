import { describe, expect, it } from 'vitest';
import { LookupCancelledError } from '../../src/core/errors.js';
import type { Reply } from '../../src/core/lookup.js';
import { type ErrorView, restartingView, toErrorView } from '../../src/core/messages.js';
import { InteractionPipeline, type ReplyChannel, type RequestHandler } from '../../src/core/pipeline.js';
import { silentLogger } from '../../src/logging/logger.js';

/** A channel that records what the pipeline asked it to send, and can be told to fail a step. */
function recorder(fail: Partial<Record<keyof ReplyChannel, boolean>> = {}) {
  const calls: [keyof ReplyChannel, Reply | ErrorView | null][] = [];
  const step =
    <T extends Reply | ErrorView | undefined>(name: keyof ReplyChannel) =>
    async (value?: T) => {
      calls.push([name, value ?? null]);
      if (fail[name]) throw new Error(`${name} failed`);
    };
  const channel: ReplyChannel = {
    answerNow: step('answerNow'),
    acknowledge: step('acknowledge'),
    deliverLater: step('deliverLater'),
    deliverFailure: step('deliverFailure'),
  };
  return { channel, calls, names: () => calls.map(([name]) => name) };
}

const help: Reply = { type: 'help', help: { hint: null } as never };

/** A handler that waits until aborted (then throws the abort reason, as sources do) or released. */
function held() {
  let release!: (reply: Reply) => void;
  const handler: RequestHandler<null> = (_request, { signal }) =>
    new Promise<Reply>((resolve, reject) => {
      release = resolve;
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    }).catch((error: unknown): Reply => ({ type: 'error', error: toErrorView(error) }));
  return { handler, release: (reply: Reply) => release(reply) };
}

const pipeline = (budgetMs = 1_000) => new InteractionPipeline({ logger: silentLogger(), budgetMs });

describe('InteractionPipeline', () => {
  it('answers in the first response when the work is done within the budget', async () => {
    const { channel, calls } = recorder();
    await pipeline().run(async () => help, null, channel);
    expect(calls).toEqual([['answerNow', help]]);
  });

  it('acknowledges when the work is slower than the budget, then delivers the reply', async () => {
    const { channel, names } = recorder();
    const work = held();
    const running = pipeline(10).run(work.handler, null, channel);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(names()).toEqual(['acknowledge']);
    work.release(help);
    await running;
    expect(names()).toEqual(['acknowledge', 'deliverLater']);
  });

  it('turns a handler that throws into the generic error, answered on time', async () => {
    const { channel, calls } = recorder();
    await pipeline().run(
      async () => {
        throw new TypeError('bug');
      },
      null,
      channel,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]![1]).toMatchObject({ type: 'error', error: { code: 'internal' } });
  });

  it('answers with the generic error when the first answer cannot be sent (rendering failed)', async () => {
    const { channel, calls } = recorder({ answerNow: true });
    await pipeline().run(async () => help, null, channel);
    expect(calls.map(([name]) => name)).toEqual(['answerNow', 'answerNow']);
    expect(calls[1]![1]).toMatchObject({ type: 'error', error: { code: 'internal' } });
  });

  it('sends the failure notice when a late reply cannot be delivered', async () => {
    const { channel, names } = recorder({ deliverLater: true });
    const work = held();
    const running = pipeline(1).run(work.handler, null, channel);
    await new Promise((resolve) => setTimeout(resolve, 20));
    work.release(help);
    await running;
    expect(names()).toEqual(['acknowledge', 'deliverLater', 'deliverFailure']);
  });

  it('drops a reply cancelled by something other than the stop: acknowledged, nothing after', async () => {
    const { channel, names } = recorder();
    const cancelled: Reply = { type: 'error', error: toErrorView(new LookupCancelledError()) };
    await pipeline().run(async () => cancelled, null, channel);
    expect(names()).toEqual(['acknowledge']);
  });

  it('on stop, lets work finish within the grace and delivers it as usual', async () => {
    const { channel, names } = recorder();
    const work = held();
    const p = pipeline(1);
    const running = p.run(work.handler, null, channel);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const stopping = p.stop({ graceMs: 5_000, drainMs: 1_000 });
    expect(p.accepting).toBe(false);
    work.release(help);
    await Promise.all([running, stopping]);
    expect(names()).toEqual(['acknowledge', 'deliverLater']);
  });

  it('after the grace, aborts the work and tells its user the bot is restarting', async () => {
    const { channel, calls } = recorder();
    const work = held();
    const p = pipeline(1);
    const running = p.run(work.handler, null, channel);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await p.stop({ graceMs: 10, drainMs: 1_000 });
    await running;
    expect(calls).toEqual([
      ['acknowledge', null],
      ['deliverFailure', restartingView()],
    ]);
  });

  it('tells the user in the first response when the stop aborts work still within the budget', async () => {
    const { channel, calls } = recorder();
    const work = held();
    const p = pipeline(10_000);
    const running = p.run(work.handler, null, channel);
    await p.stop({ graceMs: 10, drainMs: 1_000 });
    await running;
    expect(calls).toEqual([['answerNow', { type: 'error', error: restartingView() }]]);
  });

  it('refuses new work once stopping, answering at once without running the handler', async () => {
    const { channel, calls } = recorder();
    const p = pipeline();
    await p.stop({ graceMs: 10, drainMs: 10 });
    let ran = false;
    await p.run(
      async () => {
        ran = true;
        return help;
      },
      null,
      channel,
    );
    expect(ran).toBe(false);
    expect(calls).toEqual([['answerNow', { type: 'error', error: restartingView() }]]);
  });
});

describe('InteractionPipeline with limits', () => {
  const origin = {
    platform: 'discord' as const,
    deliveryId: '1',
    issuedAtMs: null,
    userId: 'U1',
    workspaceId: 'G1',
    channelId: 'C1',
  };

  it('answers an interaction over a limit at once with "slow down", without running its work', async () => {
    const limited: string[] = [];
    const seen: string[][] = [];
    const limitedPipeline = new InteractionPipeline({
      logger: silentLogger(),
      budgetMs: 1_000,
      limiter: {
        take: async (subjects) => {
          seen.push(subjects.map((subject) => `${subject.scope} ${subject.id}`));
          return { allowed: false, scope: 'user', retryAfterSeconds: 12 };
        },
      },
      onLimited: (_origin, scope) => limited.push(scope),
    });
    const { channel, calls } = recorder();
    let ran = false;
    await limitedPipeline.run(
      async () => {
        ran = true;
        return help;
      },
      null,
      channel,
      {},
      origin,
    );
    expect(ran).toBe(false);
    expect(seen).toEqual([['user discord:G1:U1', 'workspace discord:G1']]);
    expect(limited).toEqual(['user']);
    const [name, reply] = calls[0]!;
    expect(name).toBe('answerNow');
    expect(reply).toMatchObject({
      type: 'error',
      error: {
        code: 'rate_limited',
        text: 'Slow down: that is more commands than I take from one person in a minute.',
        hint: 'Try again in 12 s.',
        retryAfterSeconds: 12,
      },
    });
  });

  it('lets the interaction through when the limiter fails or is too slow, and checks none without an origin', async () => {
    for (const take of [
      async () => {
        throw new Error('database unreachable');
      },
      () => new Promise<never>(() => {}),
    ]) {
      const guarded = new InteractionPipeline({ logger: silentLogger(), budgetMs: 2_000, limiter: { take } });
      const { channel, calls } = recorder();
      await guarded.run(async () => help, null, channel, {}, origin);
      expect(calls).toEqual([['answerNow', help]]);
    }
    let asked = false;
    const unasked = new InteractionPipeline({
      logger: silentLogger(),
      budgetMs: 1_000,
      limiter: {
        take: async () => {
          asked = true;
          return { allowed: true };
        },
      },
    });
    await unasked.run(async () => help, null, recorder().channel);
    expect(asked).toBe(false);
  });
});
