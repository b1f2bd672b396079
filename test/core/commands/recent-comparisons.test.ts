import { describe, expect, it } from 'vitest';
import { compareCustomId, parseCompareCustomId } from '../../../src/adapters/discord/comparison-ids.js';
import type { ComparisonRequest } from '../../../src/compare/chat.js';
import { RecentComparisons } from '../../../src/core/commands/recent-comparisons.js';
import { MemoryStateStore } from '../../../src/core/state/memory-store.js';

const request = (text: string): ComparisonRequest => ({
  items: [
    { text, hint: 'auto' },
    { text: 'dal', hint: 'dish' },
  ],
  people: null,
  capped: null,
  menu: false,
});

const guild = { platform: 'discord' as const, workspaceId: '555555555555555555' };
const dm = { platform: 'discord' as const, workspaceId: null };

describe('recent comparisons', () => {
  it('gives back what it kept, from the state store, by an id that fits a custom_id with room to spare', async () => {
    const store = new MemoryStateStore();
    const recent = new RecentComparisons(store);
    const id = await recent.put(request('lasagne'), guild);
    expect(await recent.get(id, guild)).toEqual(request('lasagne'));
    // Under the server's prefix, so deleting a workspace's data deletes its comparisons.
    expect(await store.get(`ws:discord:555555555555555555:comparison:${id}`)).toEqual(request('lasagne'));
    // Another server's id cannot reach it.
    expect(await recent.get(id, { platform: 'discord', workspaceId: '1' })).toBeNull();
    const direct = await recent.put(request('dal'), dm);
    expect(await store.get(`discord:comparison:${direct}`)).toEqual(request('dal'));
    const customId = compareCustomId('vote', id);
    expect(customId.length).toBeLessThanOrEqual(100);
    expect(parseCompareCustomId(customId)).toEqual({ action: 'vote', id });
    expect(parseCompareCustomId(compareCustomId('share', id))).toEqual({ action: 'share', id });
  });

  it('forgets a comparison once its time to live has passed, and reads nothing that is not one', async () => {
    let now = 0;
    const store = new MemoryStateStore({ now: () => now });
    const recent = new RecentComparisons(store, 1_000);
    const id = await recent.put(request('a'), dm);
    expect(await recent.get(id, dm)).not.toBeNull();
    now = 1_001;
    expect(await recent.get(id, dm)).toBeNull();
    await store.set('discord:comparison:AAAAAAAAAAAA', { items: [] }, 1_000);
    expect(await recent.get('AAAAAAAAAAAA', dm)).toBeNull();
  });

  it('reads only its own custom ids', () => {
    for (const other of [
      'carbon:share:p:oat milk',
      'carbon:cmp:x:AAAAAAAAAAAA',
      'carbon:cmp:s:short',
      'carbon:cmp:s:AAAAAAAAAAAA!',
    ])
      expect(parseCompareCustomId(other)).toBeNull();
  });
});
