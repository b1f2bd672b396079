import { expect } from 'vitest';
import { type Block, SLACK_LIMITS } from '../../../src/render/slack.js';

interface TextObject {
  type: 'plain_text' | 'mrkdwn';
  text: string;
  verbatim?: boolean;
}

/** Every text object in a card, with where it sits, for limit and escaping checks. */
export function textObjects(blocks: Block[]): { where: string; object: TextObject }[] {
  const found: { where: string; object: TextObject }[] = [];
  const visit = (value: unknown, where: string): void => {
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) visit(item, `${where}[${index}]`);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    if ((record.type === 'plain_text' || record.type === 'mrkdwn') && typeof record.text === 'string') {
      found.push({ where, object: record as unknown as TextObject });
      return;
    }
    for (const [key, child] of Object.entries(record)) visit(child, `${where}.${key}`);
  };
  visit(blocks, 'blocks');
  return found;
}

export function mrkdwnTexts(card: { text: string; blocks: Block[] }): string[] {
  return [
    card.text,
    ...textObjects(card.blocks)
      .filter(({ object }) => object.type === 'mrkdwn')
      .map(({ object }) => object.text),
  ];
}

/** Asserts the Block Kit limits Slack enforces with invalid_blocks. */
export function expectWithinBlockKitLimits(card: { text: string; blocks: Block[] }): void {
  expect(card.text.length).toBeGreaterThan(0);
  expect(card.text.length).toBeLessThanOrEqual(SLACK_LIMITS.fallbackText);
  expect(card.blocks.length).toBeGreaterThan(0);
  expect(card.blocks.length).toBeLessThanOrEqual(SLACK_LIMITS.blocks);
  for (const block of card.blocks) {
    if (block.type === 'header') {
      expect(block.text.type).toBe('plain_text');
      expect(block.text.text.length).toBeGreaterThan(0);
      expect(block.text.text.length).toBeLessThanOrEqual(SLACK_LIMITS.headerText);
    }
    if (block.type === 'section') {
      expect(block.text?.text.length ?? 0).toBeGreaterThan(0);
      expect(block.text?.text.length ?? 0).toBeLessThanOrEqual(SLACK_LIMITS.sectionText);
    }
    if (block.type === 'context') {
      expect(block.elements.length).toBeGreaterThan(0);
      expect(block.elements.length).toBeLessThanOrEqual(SLACK_LIMITS.contextElements);
      for (const element of block.elements) {
        if ('text' in element && typeof element.text === 'string') {
          expect(element.text.length).toBeGreaterThan(0);
          expect(element.text.length).toBeLessThanOrEqual(3000);
        }
      }
    }
    if (block.type === 'actions') {
      expect(block.elements.length).toBeGreaterThan(0);
      expect(block.elements.length).toBeLessThanOrEqual(SLACK_LIMITS.actionsElements);
      const ids = block.elements.map((element) => ('action_id' in element ? element.action_id : undefined));
      expect(new Set(ids).size).toBe(ids.length);
      for (const element of block.elements) {
        if (element.type !== 'button') continue;
        expect(element.text.text.length).toBeGreaterThan(0);
        expect(element.text.text.length).toBeLessThanOrEqual(SLACK_LIMITS.buttonText);
        expect(element.value?.length ?? 0).toBeLessThanOrEqual(SLACK_LIMITS.buttonValue);
      }
    }
  }
  // Slack rejects a lone surrogate; a cut in the middle of an emoji would produce one.
  expect(JSON.stringify(card)).not.toMatch(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
  );
}

/**
 * No control sequence that Slack would turn into a mention or link survives in mrkdwn: neither the
 * `<!channel>` / `<@U…>` syntax nor the plain `@channel`, `@here`, `@everyone` that Slack parses in
 * text objects without `verbatim: true` (and in the fallback `text`). Every mrkdwn text object is
 * verbatim, so channel names and URLs in it are not auto-linked either, and every `&` starts a
 * whole entity (no `&lt;` cut in half by truncation).
 */
export function expectNoSlackControlSequences(
  card: { text: string; blocks: Block[] },
  allowed: string[] = [],
): void {
  for (const text of mrkdwnTexts(card)) {
    let rest = text;
    for (const ok of allowed) rest = rest.split(ok).join('');
    expect(rest).not.toMatch(/<[!@#]/);
    expect(rest).not.toContain('<script');
    expect(rest).not.toMatch(/<https?:/);
    expect(rest).not.toMatch(/@(?:channel|here|everyone)/i);
    expect(rest).not.toMatch(/&(?!(?:amp|lt|gt);)/);
  }
  for (const { where, object } of textObjects(card.blocks)) {
    if (object.type === 'mrkdwn') expect(object, where).toHaveProperty('verbatim', true);
  }
}
