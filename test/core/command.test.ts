import { describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH, normaliseName, parseCommand } from '../../src/core/command.js';
import { InvalidInputError } from '../../src/core/errors.js';

describe('parseCommand', () => {
  it('treats empty and blank text as a plain request for help', () => {
    expect(parseCommand('')).toEqual({ type: 'help', hint: null });
    expect(parseCommand('   \t\n ')).toEqual({ type: 'help', hint: null });
    expect(parseCommand('help')).toEqual({ type: 'help', hint: null });
    expect(parseCommand('HELP')).toEqual({ type: 'help', hint: null });
  });

  it('reads product and recipe lookups, collapsing whitespace in the name', () => {
    expect(parseCommand('product oat milk')).toEqual({ type: 'lookup', kind: 'product', name: 'oat milk' });
    expect(parseCommand('  recipe   vegetable \t lasagne  ')).toEqual({
      type: 'lookup',
      kind: 'recipe',
      name: 'vegetable lasagne',
    });
  });

  it('accepts plural and upper-case verbs but keeps the name as typed', () => {
    expect(parseCommand('PRODUCT Oat Milk')).toEqual({ type: 'lookup', kind: 'product', name: 'Oat Milk' });
    expect(parseCommand('Recipes lasagne')).toEqual({ type: 'lookup', kind: 'recipe', name: 'lasagne' });
    expect(parseCommand('products tofu')).toEqual({ type: 'lookup', kind: 'product', name: 'tofu' });
  });

  it('answers an unknown verb with help naming it', () => {
    const command = parseCommand('banana split');
    expect(command.type).toBe('help');
    expect(command.type === 'help' && command.hint).toContain('"banana" is not a command');
  });

  it('shortens a very long unknown verb in the hint', () => {
    const command = parseCommand(`${'x'.repeat(500)} y`);
    expect(command.type === 'help' && command.hint).toContain(`"${'x'.repeat(30)}…"`);
    expect(command.type === 'help' && command.hint!.length).toBeLessThan(120);
  });

  it('asks for a name when the verb comes alone', () => {
    const product = parseCommand('product');
    expect(product).toEqual({ type: 'help', hint: expect.stringContaining('Give a product name') });
    expect(product.type === 'help' && product.hint).toContain('oat milk');
    const recipe = parseCommand('recipe   ');
    expect(recipe.type === 'help' && recipe.hint).toContain('lasagne');
  });

  it('accepts exactly 200 characters and rejects 201', () => {
    const ok = parseCommand(`product ${'a'.repeat(MAX_NAME_LENGTH)}`);
    expect(ok).toMatchObject({ type: 'lookup', name: 'a'.repeat(200) });
    expect(() => parseCommand(`product ${'a'.repeat(MAX_NAME_LENGTH + 1)}`)).toThrow(InvalidInputError);
  });

  it('counts code points, not UTF-16 units, so 200 emoji are allowed', () => {
    const emoji = '🥛'.repeat(200);
    expect(emoji.length).toBe(400);
    expect(parseCommand(`product ${emoji}`)).toMatchObject({ type: 'lookup', name: emoji });
    expect(() => parseCommand(`product ${emoji}🥛`)).toThrow(/limited to 200 characters/);
  });

  it('turns control and zero-width characters in the name into spaces', () => {
    expect(parseCommand('product oat\u0000milk\u200b\u001b[31m')).toEqual({
      type: 'lookup',
      kind: 'product',
      name: 'oat milk [31m',
    });
  });

  it('rejects a name made only of invisible characters', () => {
    expect(() => parseCommand('product \u200b\u200b\ufeff')).toThrow(/the name is empty/);
  });
});

describe('normaliseName', () => {
  it('trims and collapses', () => {
    expect(normaliseName('  oat\n\nmilk ')).toBe('oat milk');
  });

  it('removes bidirectional overrides and isolates, which could reorder a reply', () => {
    expect(normaliseName('\u202eklim tao\u202c')).toBe('klim tao');
    expect(normaliseName('oat\u2066 milk\u2069\u061c')).toBe('oat milk');
  });

  it('throws InvalidInputError with a user-safe reason', () => {
    try {
      normaliseName('\u0007');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as InvalidInputError).reason).toBe('the name is empty');
      expect((error as InvalidInputError).code).toBe('invalid_input');
    }
  });
});
