import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPARE_SHARE_ACTION_ID,
  COMPARE_VOTE_ACTION_ID,
} from '../../../src/adapters/slack/compare-buttons.js';
import {
  EXPIRED_COMPARISON_TEXT,
  STALE_BUTTON_TEXT,
  UNKNOWN_ACTION,
} from '../../../src/adapters/slack/stale-buttons.js';
import { MemoryStateStore } from '../../../src/core/state/memory-store.js';
import { SHARE_ACTION_ID, SUGGESTION_ACTION_PREFIX } from '../../../src/render/slack-buttons.js';
import { buttonPayload, interactionForm } from '../../support/fake-slack-payloads.js';
import { type Harness, SIGNING_SECRET, startHarness } from './harness.js';
import { ScriptedSource } from './scripted-source.js';

/**
 * A button the bot can no longer act on (a comparison past its day, a value or an action_id from an
 * older release) is acknowledged at once and its presser told so privately, in one line, once.
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness(
    new ScriptedSource(),
    'http',
    { ackBudgetMs: 100, retries: 0 },
    { store: new MemoryStateStore() },
  );
});
afterAll(async () => {
  await h.close();
  expect(h.fake.rejectedResponses).toEqual([]);
});

async function press(actionId: string, value: string): Promise<{ status: number; told: string[] }> {
  const responseUrl = h.fake.responseUrl('action');
  const sent = await h.fake.send(
    h.eventsUrl,
    interactionForm(buttonPayload(actionId, value, responseUrl)),
    SIGNING_SECRET,
  );
  const post = await h.fake.nextResponse(responseUrl);
  expect(post.body).toMatchObject({ response_type: 'ephemeral', replace_original: false });
  return { status: sent.status, told: h.fake.responsesTo(responseUrl).map((each) => String(each.body.text)) };
}

describe('Slack buttons the bot can no longer act on', () => {
  it('says a stored comparison has expired when its Share is pressed after its day', async () => {
    // A well-formed id the store does not hold (kept a day, then swept).
    const pressed = await press(COMPARE_SHARE_ACTION_ID, JSON.stringify({ id: 'AbCdEfGh1234' }));
    expect(pressed).toEqual({ status: 200, told: [EXPIRED_COMPARISON_TEXT] });
  });

  it.each([
    ['a Share it cannot read', SHARE_ACTION_ID, '{{{not json'],
    ['a comparison Share it cannot read', COMPARE_SHARE_ACTION_ID, 'garbage'],
    ['a vote it cannot read', COMPARE_VOTE_ACTION_ID, 'one,<!here>'],
    ['an action_id no release of this one has', 'carbon_share_v0', 'x'],
  ])('answers %s as a stale button', async (_what, actionId, value) => {
    const pressed = await press(actionId, value);
    expect(pressed).toEqual({ status: 200, told: [STALE_BUTTON_TEXT] });
  });

  it('takes only unknown action_ids as unknown', () => {
    for (const known of [
      SHARE_ACTION_ID,
      COMPARE_SHARE_ACTION_ID,
      COMPARE_VOTE_ACTION_ID,
      `${SUGGESTION_ACTION_PREFIX}3`,
    ]) {
      expect(UNKNOWN_ACTION.test(known)).toBe(false);
    }
    for (const unknown of ['carbon_share_v0', `${SUGGESTION_ACTION_PREFIX}x`, 'xcarbon_share', '']) {
      expect(UNKNOWN_ACTION.test(unknown)).toBe(true);
    }
  });
});
