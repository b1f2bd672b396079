import { describe, expect, it } from 'vitest';
import {
  compareCustomId,
  parseCompareCustomId,
  RecentComparisons,
} from '../../../src/adapters/discord/recent-comparisons.js';
import type { ComparisonRequest } from '../../../src/compare/chat.js';

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
  it('gives back what it kept, by an id that fits a custom_id with room to spare', () => {
    const recent = new RecentComparisons();
    const id = recent.put(request('lasagne'));
    expect(recent.get(id)).toEqual(request('lasagne'));
    const customId = compareCustomId('vote', id);
    expect(customId.length).toBeLessThanOrEqual(100);
    expect(parseCompareCustomId(customId)).toEqual({ action: 'vote', id });
    expect(parseCompareCustomId(compareCustomId('share', id))).toEqual({ action: 'share', id });
  });

  it('forgets the oldest beyond its capacity and anything older than its age limit', () => {
    let now = 0;
    const recent = new RecentComparisons(2, 1_000, () => now);
    const first = recent.put(request('a'));
    const second = recent.put(request('b'));
    const third = recent.put(request('c'));
    expect(recent.get(first)).toBeNull();
    expect(recent.get(second)).not.toBeNull();
    now = 1_001;
    expect(recent.get(third)).toBeNull();
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
