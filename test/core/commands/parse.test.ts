import { describe, expect, it } from 'vitest';
import { parseArgs, parseCommandText } from '../../../src/core/commands/parse.js';

const request = (text: string, surface: Parameters<typeof parseCommandText>[1] = 'slack') => {
  const parsed = parseCommandText(text, surface);
  if (!('request' in parsed)) throw new Error(`a form, not a request: ${text}`);
  return parsed.request;
};

describe('parseCommandText: the one place verbs are read', () => {
  it('treats empty and blank text, and help, as a plain request for help', () => {
    expect(request('')).toEqual({ command: 'help', input: { hint: null } });
    expect(request('   \t\n ')).toEqual({ command: 'help', input: { hint: null } });
    expect(request('HELP')).toEqual({ command: 'help', input: { hint: null } });
  });

  it('reads each verb and its aliases, case-insensitively, keeping the text after it', () => {
    expect(request('product oat milk')).toEqual({ command: 'product', input: { name: 'oat milk' } });
    expect(request('PRODUCTS  Oat Milk ')).toEqual({ command: 'product', input: { name: 'Oat Milk' } });
    expect(request('Recipes lasagne')).toEqual({ command: 'recipe', input: { text: 'lasagne' } });
    expect(request('compare a, b vs c')).toEqual({ command: 'compare', input: { text: 'a, b vs c' } });
    expect(request('sources')).toEqual({ command: 'sources', input: {} });
    expect(request('licences', 'cli')).toEqual({ command: 'sources', input: {} });
  });

  it('keeps the line breaks of an ingredient list after the verb', () => {
    expect(request('recipe\n200g rice\n1 onion')).toEqual({
      command: 'recipe',
      input: { text: '200g rice\n1 onion' },
    });
  });

  it('takes a text with no verb as a name where the surface has bare names, and says what is wrong where not', () => {
    expect(request('oat milk')).toEqual({ command: 'lookup', input: { name: 'oat milk' } });
    expect(request('oat milk', 'shell')).toEqual({ command: 'lookup', input: { name: 'oat milk' } });
    expect(request('oat milk', 'cli')).toEqual({ command: 'lookup', input: { name: 'oat milk' } });
    const discord = request('banana split', 'discord');
    expect(discord).toMatchObject({
      command: 'help',
      input: { hint: expect.stringContaining('"banana" is not a command') },
    });
  });

  it('keeps a user’s backticks out of the hint’s code spans, and shortens a long verb', () => {
    const hint = (request('a`b c', 'discord').input as { hint: string }).hint;
    expect(hint).toContain(`"a'b" is not a command`);
    const long = (request(`${'x'.repeat(500)} y`, 'discord').input as { hint: string }).hint;
    expect(long).toContain(`"${'x'.repeat(30)}…"`);
    expect(long.length).toBeLessThan(120);
  });

  it('asks for a name when a verb that needs one comes alone, spelled as the surface types it', () => {
    expect(request('product').input).toEqual({
      hint: 'Give a product name, e.g. `/carbon product oat milk`.',
    });
    expect(request('product', 'discord').input).toEqual({
      hint: 'Give a product name, e.g. `/carbon product name:oat milk`.',
    });
    expect(request('product', 'cli').input).toEqual({
      hint: 'Give a product name, e.g. `carbon product oat milk`.',
    });
    expect(request('recipe', 'shell').input).toMatchObject({
      hint: expect.stringContaining('`recipe lasagne`'),
    });
  });

  it('opens the recipe form for `recipe` alone in chat, never in a terminal', () => {
    expect(parseCommandText('recipe', 'slack')).toEqual({ form: 'recipe' });
    expect(parseArgs('recipe', '   ', 'discord')).toEqual({ form: 'recipe' });
    expect(parseCommandText('recipe', 'cli')).toMatchObject({ request: { command: 'help' } });
  });

  it('offers menu as a verb on the command line only (chat has it on messages)', () => {
    expect(request('menu Dal\nLasagne', 'cli')).toEqual({
      command: 'menu',
      input: { message: 'Dal\nLasagne' },
    });
    expect(request('menu dal', 'slack')).toEqual({ command: 'lookup', input: { name: 'menu dal' } });
  });
});

describe('a mistyped verb', () => {
  it('is remembered with the name, so a miss can ask "did you mean"', () => {
    expect(request('prodcut oat milk')).toEqual({
      command: 'lookup',
      input: { name: 'prodcut oat milk', nearVerb: 'product' },
    });
    expect(request('recpie lasagne', 'cli').input).toMatchObject({ nearVerb: 'recipe' });
    expect(request('compair a, b', 'shell').input).toMatchObject({ nearVerb: 'compare' });
  });

  it('is not guessed for short words or food names', () => {
    for (const text of ['oat milk', 'lasagne', 'pie', 'rice', 'cheddar']) {
      expect(request(text).input).not.toHaveProperty('nearVerb');
    }
  });
});
