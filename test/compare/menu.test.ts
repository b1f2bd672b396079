import { describe, expect, it } from 'vitest';
import { menuLine, readMenu } from '../../src/compare/menu.js';
import { MAX_NAME_LENGTH } from '../../src/core/command.js';

const names = (message: string) => readMenu(message).options.map((option) => option.text);

describe('readMenu', () => {
  it('reads a realistic menu: bullets, numbers, prices and dietary marks go, headings are skipped', () => {
    const menu = [
      "*Today's menu* <!channel>",
      '',
      'Starters:',
      '1. Tomato soup (v) £5.50',
      '2) Prawn cocktail GF – with marie rose sauce £7',
      'MAINS',
      '• **Beef lasagne** ...... £12.50',
      '- Mushroom risotto (VG, GF) 11.00',
      '* Chicken curry 🌶️ $14',
      '> Fish and chips | served with peas',
      '## Desserts',
      '~~Cheesecake~~ 6€',
      'Dal 9.5',
    ].join('\n');
    expect(names(menu)).toEqual([
      'Tomato soup',
      'Prawn cocktail',
      'Beef lasagne',
      'Mushroom risotto',
      'Chicken curry',
      'Fish and chips',
      'Cheesecake',
      'Dal',
    ]);
  });

  it('removes Slack and Discord mentions and keeps a link label', () => {
    expect(menuLine('<@U123ABC> Falafel wrap <!here>')).toBe('Falafel wrap');
    expect(menuLine('<@!1234567890> <@&42> <#99> Pad thai @everyone <:yum:123>')).toBe('Pad thai');
    expect(menuLine('<https://example.com/dal|Dal> (v)')).toBe('Dal');
    expect(menuLine('<!subteam^S123> <@U1|bob>')).toBeNull();
  });

  it('keeps letters inside words that look like marks', () => {
    expect(menuLine('Vegetable pizza')).toBe('Vegetable pizza');
    expect(menuLine('GFC chicken')).toBe('GFC chicken');
  });

  it('caps an oversized menu at ten options and says how many there were', () => {
    const label = (i: number) => `${'abcdefghij'[i % 10]}${'vwxyz'[Math.floor(i / 10)]}`;
    const menu = Array.from({ length: 50 }, (_, i) => `${i + 1}. Dish ${label(i)} £${i}.50`).join('\n');
    const read = readMenu(menu);
    expect(read.options).toHaveLength(10);
    expect(read.total).toBe(50);
    expect(read.options.map((option) => option.text)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Dish ${label(i)}`),
    );
  });

  it('drops repeats, blank and markup-only lines, and bounds every option', () => {
    const read = readMenu(`Dal\n dal \n\n***\n---\n£5\n${'x'.repeat(5000)}`);
    expect(read.options.map((option) => option.text.length)).toEqual([3, MAX_NAME_LENGTH]);
    expect(read.total).toBe(2);
  });

  it('never reads a menu line as an ingredient list', () => {
    expect(readMenu('Bowl (rice, beans)\nDal').options[0]!.ingredients).toBeNull();
  });
});
