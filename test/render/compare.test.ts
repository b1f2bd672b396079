import { describe, expect, it } from 'vitest';
import type { CompareResult, RankedItem } from '../../src/compare/model.js';
import { CompareResultSchema } from '../../src/compare/model.js';
import {
  POLL_LIMITS,
  pollAnswers,
  pollQuestion,
  renderCompareDiscord,
} from '../../src/render/compare-discord.js';
import { bar } from '../../src/render/compare-shared.js';
import { renderCompareSlack, voteReactions } from '../../src/render/compare-slack.js';
import { renderCompareText } from '../../src/render/compare-text.js';
import { EMBED_LIMITS, embedLength } from '../../src/render/discord.js';
import { SLACK_LIMITS } from '../../src/render/slack.js';

const HOSTILE = `<!channel> <@U123> *bold* _it_ ~s~ \`code\` @everyone ||spoiler|| # head [x](https://evil) \u0007\u202e ${'🍝'.repeat(40)} ${'x'.repeat(5000)}`;

function item(rank: number, overrides: Partial<RankedItem> = {}): RankedItem {
  return {
    rank,
    input: `option ${rank}`,
    takenAs: 'dish',
    takenAsReason: 'both a dish and a product; dishes win ties',
    howTaken: 'a named dish',
    name: `Dish ${rank}`,
    kgCo2e: rank * 0.5,
    level: rank < 2 ? 'low' : rank < 4 ? 'medium' : 'high',
    verdict:
      rank < 2 ? 'climate-friendly (within 0.5 kg per meal)' : 'not climate-friendly (over 0.5 kg per meal)',
    portionGrams: null,
    confidence: 1,
    notes: [],
    ...overrides,
  };
}

function result(overrides: Partial<CompareResult> = {}): CompareResult {
  return CompareResultSchema.parse({
    kind: 'compare',
    status: 'ranked',
    basis: 'serving',
    basisText: 'Dishes compared per serving.',
    people: 12,
    ranked: [item(1), item(2), item(3)],
    difference: {
      kgCo2e: 1,
      groupKgCo2e: 12,
      carKm: 48.3,
      carLabel: 'km driven in an average car',
      carCitation: 'US EPA',
    },
    notFound: [{ input: 'qwzx', suggestions: ['Dal', 'Daal soup'] }],
    notUnderstood: [],
    notRanked: [],
    failed: [],
    capped: null,
    source: { id: 'catalog', label: 'Built-in catalog' },
    ...overrides,
  });
}

const hostile = () =>
  result({
    ranked: Array.from({ length: 10 }, (_, i) => item(i + 1, { name: HOSTILE, input: HOSTILE })),
    notFound: Array.from({ length: 10 }, () => ({
      input: HOSTILE,
      suggestions: [HOSTILE, HOSTILE, HOSTILE],
    })),
    notUnderstood: Array.from({ length: 10 }, () => ({
      input: HOSTILE,
      reason: 'ingredient lists cannot be read yet',
    })),
    notRanked: Array.from({ length: 10 }, () => ({
      input: HOSTILE,
      name: HOSTILE,
      takenAs: 'product' as const,
      reason: 'no portion',
    })),
    failed: Array.from({ length: 10 }, () => ({
      input: HOSTILE,
      error: {
        code: 'upstream_timeout',
        text: 'The footprint service took too long to answer.',
        hint: null,
        suggestions: [],
        retryAfterSeconds: null,
      },
    })),
    capped: { compared: 10, total: 50 },
    source: { id: 'api', label: HOSTILE },
  });

describe('bar', () => {
  it('fills in proportion to the highest, with a sliver for any figure above zero', () => {
    expect(bar(10, 10)).toBe('██████████');
    expect(bar(5, 10)).toBe('█████░░░░░');
    expect(bar(0.001, 10)).toBe('█░░░░░░░░░');
    expect(bar(0, 10)).toBe('░░░░░░░░░░');
    expect(bar(Number.NaN, 10)).toBe('█'.repeat(0) + '░'.repeat(10));
  });
});

describe('renderCompareText', () => {
  it('shows the ranking lowest first with figure, level, verdict, what each was taken as, and the spread', () => {
    const text = renderCompareText({ type: 'compare', result: result() });
    expect(text.indexOf('Dish 1')).toBeLessThan(text.indexOf('Dish 2'));
    expect(text).toContain('0.5 kg CO2e per serving');
    expect(text).toContain('low ▮▯▯');
    // How it was taken in one line, not the matcher's reasoning (issue #21).
    expect(text).toContain('"option 1" taken as a named dish');
    expect(text).not.toContain('dishes win ties');
    expect(text).toContain('Lowest carbon: Dish 1');
    expect(text).toContain(
      'Highest minus lowest: 1 kg CO2e per person, 12 kg for 12 people: about 48 km driven in an average car.',
    );
    expect(text).toContain('Not found: "qwzx"; did you mean Dal, Daal soup?');
  });

  it('never prints control characters from hostile names', () => {
    const text = renderCompareText({ type: 'compare', result: hostile() });
    expect(text).not.toContain('\u0007');
    expect([...text].filter((char) => char !== '\n' && /\p{Cc}/u.test(char))).toEqual([]);
  });
});

describe('renderCompareSlack', () => {
  it('stays within Block Kit limits and escapes everything, whatever the input', () => {
    const { text, blocks } = renderCompareSlack({ type: 'compare', result: hostile() });
    expect(blocks.length).toBeLessThanOrEqual(SLACK_LIMITS.blocks);
    expect(text.length).toBeLessThanOrEqual(SLACK_LIMITS.fallbackText);
    const json = JSON.stringify(blocks);
    expect(json).not.toContain('<!channel>');
    expect(json).not.toContain('<@U123>');
    expect(`${text}${json}`).not.toMatch(/@everyone/);
    for (const block of blocks) {
      if (block.type === 'section')
        expect(block.text!.text.length).toBeLessThanOrEqual(SLACK_LIMITS.sectionText);
      if (block.type === 'header')
        expect(block.text.text.length).toBeLessThanOrEqual(SLACK_LIMITS.headerText);
      if (block.type === 'context') {
        expect(block.elements.length).toBeLessThanOrEqual(SLACK_LIMITS.contextElements);
        for (const element of block.elements)
          expect('text' in element && element.text.length).toBeLessThanOrEqual(SLACK_LIMITS.contextText);
      }
    }
  });

  it('lays out each option as a section with its rank, bar and figure, and calls out the lowest', () => {
    const { text, blocks } = renderCompareSlack({ type: 'compare', result: result() });
    const sections = blocks.filter((block) => block.type === 'section').map((block) => block.text!.text);
    expect(sections[0]).toContain('*1. Dish 1* · lowest');
    expect(sections[0]).toContain('`███░░░░░░░` 0.5 kg CO2e per serving');
    expect(text).toBe('Lowest carbon of 3: Dish 1');
  });

  it('escapes the card’s own "<" in a tiny figure', () => {
    const tiny = result({ ranked: [item(1, { kgCo2e: 0.0001 }), item(2)] });
    const json = JSON.stringify(renderCompareSlack({ type: 'compare', result: tiny }).blocks);
    expect(json).toContain('&lt; 0.001 kg CO2e per serving');
    expect(json).not.toContain('< 0.001');
  });

  it('numbers the vote’s reactions one per ranked option, up to ten', () => {
    expect(voteReactions(result())).toEqual(['one', 'two', 'three']);
    expect(voteReactions(hostile())).toHaveLength(10);
    expect(voteReactions(hostile()).at(-1)).toBe('keycap_ten');
  });

  it('renders an error reply as a short section', () => {
    const { blocks } = renderCompareSlack({
      type: 'error',
      error: {
        code: 'invalid_input',
        text: 'That name can’t be looked up.',
        hint: 'Try help.',
        suggestions: [],
        retryAfterSeconds: null,
      },
    });
    expect(blocks).toHaveLength(1);
  });
});

describe('renderCompareDiscord', () => {
  it('stays within every embed limit, whatever the input', () => {
    const message = renderCompareDiscord({ type: 'compare', result: hostile() });
    const embed = message.embeds[0]!;
    expect(embedLength(embed)).toBeLessThanOrEqual(EMBED_LIMITS.total);
    expect(embed.title!.length).toBeLessThanOrEqual(EMBED_LIMITS.title);
    expect(embed.description!.length).toBeLessThanOrEqual(EMBED_LIMITS.description);
    expect((embed.fields ?? []).length).toBeLessThanOrEqual(EMBED_LIMITS.fields);
    for (const field of embed.fields ?? [])
      expect(field.value.length).toBeLessThanOrEqual(EMBED_LIMITS.fieldValue);
    expect(embed.footer!.text.length).toBeLessThanOrEqual(EMBED_LIMITS.footer);
    expect(message.allowed_mentions).toEqual({ parse: [] });
    expect(embed.description).not.toMatch(/(?<!\\)<!channel>|@everyone/);
  });

  it('reads like a ranked chart, lowest first, coloured by the lowest level', () => {
    const embed = renderCompareDiscord({ type: 'compare', result: result() }).embeds[0]!;
    const description = embed.description!;
    expect(description.indexOf('**1. Dish 1**')).toBeLessThan(description.indexOf('**2. Dish 2**'));
    expect(description).toContain('`███░░░░░░░` 0.5 kg CO2e per serving');
    expect(embed.color).toBeDefined();
  });

  it('asks a poll question within 300 characters that says the unit', () => {
    expect(pollQuestion(result())).toBe('Which one? (lowest carbon first, kg CO2e per serving)');
    expect(pollQuestion(result()).length).toBeLessThanOrEqual(POLL_LIMITS.questionText);
  });

  it('gives poll answers of at most 55 characters that keep the figure', () => {
    const answers = pollAnswers(hostile());
    expect(answers).toHaveLength(10);
    for (const answer of answers) {
      expect(answer.length).toBeLessThanOrEqual(POLL_LIMITS.answerText);
      expect(answer).toMatch(/ · \d[\d.]* kg$/);
    }
  });
});
