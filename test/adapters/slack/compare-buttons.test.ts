import { describe, expect, it } from 'vitest';
import {
  compareShareButton,
  decodeCompareShare,
  decodeVote,
  voteButton,
} from '../../../src/adapters/slack/compare-buttons.js';
import type { ComparisonRequest } from '../../../src/compare/chat.js';

const request: ComparisonRequest = {
  items: [
    { text: 'lasagne', hint: 'auto' },
    { text: 'my bowl (rice, beans)', hint: 'dish' },
  ],
  people: 12,
  capped: null,
  menu: false,
};

describe('Slack comparison buttons', () => {
  it('round-trips the options through the Share button value', () => {
    const button = compareShareButton(request)!;
    expect(button.value!.length).toBeLessThanOrEqual(2000);
    expect(decodeCompareShare(button.value)).toEqual(request);
  });

  it('leaves Share out when the options do not fit in 2,000 characters', () => {
    const long = { ...request, items: request.items.map((item) => ({ ...item, text: 'x'.repeat(1_500) })) };
    expect(compareShareButton(long)).toBeNull();
  });

  it('refuses values it did not write', () => {
    for (const value of [undefined, 'not json', '{"items":[]}', JSON.stringify({ ...request, people: 0 })])
      expect(decodeCompareShare(value)).toBeNull();
    expect(decodeVote(voteButton(['one', 'two']).value)).toEqual(['one', 'two']);
    for (const value of [
      undefined,
      '',
      'one',
      'one,<!here>',
      'one,two,three,four,five,six,seven,eight,nine,ten,eleven',
    ])
      expect(decodeVote(value)).toBeNull();
  });
});
