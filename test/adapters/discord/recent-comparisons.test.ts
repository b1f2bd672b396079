import { describe, expect, it } from 'vitest';
import {
  compareCustomId,
  parseCompareCustomId,
  RecentComparisons,
} from '../../../src/adapters/discord/recent-comparisons.js';
import type { ComparisonRequest } from '../../../src/compare/chat.js';
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

describe('recent comparisons', () => {
  it('gives back what it kept, from the state store, by an id that fits a custom_id with room to spare', async () => {
    const store = new MemoryStateStore();
    const recent = new RecentComparisons(store);
    const id = await recent.put(request('lasagne'));
    expect(await recent.get(id)).toEqual(request('lasagne'));
    expect(await store.get(`discord:comparison:${id}`)).toEqual(request('lasagne'));
    const customId = compareCustomId('vote', id);
    expect(customId.length).toBeLessThanOrEqual(100);
    expect(parseCompareCustomId(customId)).toEqual({ action: 'vote', id });
    expect(parseCompareCustomId(compareCustomId('share', id))).toEqual({ action: 'share', id });
  });

  it('forgets a comparison once its time to live has passed, and reads nothing that is not one', async () => {
    let now = 0;
    const store = new MemoryStateStore({ now: () => now });
    const recent = new RecentComparisons(store, 1_000);
    const id = await recent.put(request('a'));
    expect(await recent.get(id)).not.toBeNull();
    now = 1_001;
    expect(await recent.get(id)).toBeNull();
    await store.set('discord:comparison:AAAAAAAAAAAA', { items: [] }, 1_000);
    expect(await recent.get('AAAAAAAAAAAA')).toBeNull();
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
