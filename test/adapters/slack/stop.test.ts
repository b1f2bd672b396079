import { describe, expect, it } from 'vitest';
import { slashCommandForm } from '../../support/fake-slack-payloads.js';
import { SIGNING_SECRET, startHarness } from './harness.js';
import { ScriptedSource } from './scripted-source.js';

describe('Slack adapter stop', () => {
  const RESTARTING = 'The bot is restarting, so this was not finished.';

  it('tells a user left with "Looking up…" that the bot is restarting, once the grace is over', async () => {
    const slow = new ScriptedSource();
    const own = await startHarness(slow, 'http', {
      ackBudgetMs: 100,
      retries: 0,
      graceMs: 50,
      drainMs: 2_000,
    });
    try {
      slow.hold();
      const responseUrl = own.fake.responseUrl();
      const ack = await own.fake.send(
        own.eventsUrl,
        slashCommandForm('product oat milk', responseUrl),
        SIGNING_SECRET,
      );
      expect(ack.json?.text).toBe('Looking up the product “oat milk”…');
      // stop() resolves once every waiting user has been told.
      await own.adapter.stop();
      const posts = own.fake.responsesTo(responseUrl);
      expect(posts).toHaveLength(1);
      expect(posts[0]!.body.response_type).toBe('ephemeral');
      expect(JSON.stringify(posts[0]!.body)).toContain(RESTARTING);
      expect(own.logs.text).not.toContain('having trouble');
    } finally {
      slow.open();
      await own.close();
    }
  });

  it('answers in the ack with the restarting line when the stop cancels a lookup within the ack budget', async () => {
    const slow = new ScriptedSource();
    const own = await startHarness(slow, 'http', { ackBudgetMs: 10_000, retries: 0, graceMs: 50 });
    try {
      slow.hold();
      const responseUrl = own.fake.responseUrl();
      const sent = own.fake.send(
        own.eventsUrl,
        slashCommandForm('product oat milk', responseUrl),
        SIGNING_SECRET,
      );
      await slow.started();
      await own.adapter.stop();
      const ack = await sent;
      expect(ack.status).toBe(200);
      expect(JSON.stringify(ack.json)).toContain(RESTARTING);
      expect(own.logs.text).not.toContain('cancelled before it finished');
      expect(own.fake.responsesTo(responseUrl)).toEqual([]);
    } finally {
      slow.open();
      await own.close();
    }
  });

  it('answers a command arriving while it stops with the restarting line, not an ack then nothing', async () => {
    const slow = new ScriptedSource();
    const own = await startHarness(slow, 'http', { ackBudgetMs: 100, retries: 0, graceMs: 5_000 });
    try {
      slow.hold();
      const firstUrl = own.fake.responseUrl();
      await own.fake.send(own.eventsUrl, slashCommandForm('product oat milk', firstUrl), SIGNING_SECRET);
      const stopping = own.adapter.stop();
      const lateUrl = own.fake.responseUrl();
      const late = await own.fake.send(
        own.eventsUrl,
        slashCommandForm('recipe lasagne', lateUrl),
        SIGNING_SECRET,
      );
      expect(late.status).toBe(200);
      expect(JSON.stringify(late.json)).toContain(RESTARTING);
      expect(slow.calls.filter((call) => call.name === 'lasagne')).toEqual([]);
      // The lookup already in flight finishes within its grace and is answered as usual.
      slow.open();
      await stopping;
      const answer = own.fake.responsesTo(firstUrl);
      expect(answer).toHaveLength(1);
      expect(JSON.stringify(answer[0]!.body)).not.toContain(RESTARTING);
    } finally {
      slow.open();
      await own.close();
    }
  });
});
