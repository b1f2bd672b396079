import { describe, expect, it } from 'vitest';
import { createInteractionHandler } from '../../../src/adapters/discord/handler.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { buttonPayload } from '../../support/fake-discord-payloads.js';
import { memorySource } from '../../support/memory-source.js';
import { answering } from '../../support/services.js';

/**
 * A button of this bot's that this release cannot read (an older release's custom_id) is answered
 * privately in one line, as an expired comparison is; another app's is acknowledged without a change.
 */

const handler = createInteractionHandler({
  ...answering(memorySource()),
  suggester: null,
  logger: silentLogger(),
});

describe('Discord buttons the bot can no longer act on', () => {
  it.each(['carbon:share:x:old format', 'carbon:vote-v0:abc', 'carbon:'])(
    'tells the presser of %j, privately',
    async (id) => {
      const outcome = await handler(buttonPayload(id));
      expect(outcome?.response).toEqual({
        type: 4,
        data: expect.objectContaining({
          content: expect.stringContaining('That button no longer works'),
          flags: 64,
          allowed_mentions: { parse: [] },
        }),
      });
    },
  );

  it('still acknowledges a button that is not its own without a change', async () => {
    expect((await handler(buttonPayload('someone-elses:button')))?.response).toEqual({ type: 6 });
  });
});
