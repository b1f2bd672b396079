import { describe, expect, it } from 'vitest';
import { InvalidRecipeFormError } from '../../src/core/errors.js';
import { toErrorView } from '../../src/core/messages.js';
import { FORM_INGREDIENTS_MAX, recipeFormText } from '../../src/recipes/form.js';
import { readListText } from '../../src/recipes/list-text.js';

describe('recipeFormText: the two form fields as one list text', () => {
  it('puts the servings field first, so it wins over a "serves" line in the box', () => {
    const text = recipeFormText('200g rice\nserves 2\n1 onion', '6');
    expect(readListText(text).servings?.count).toBe(6);
  });

  it('keeps the box as typed when servings are left empty', () => {
    expect(recipeFormText('  200g rice\n1 onion \n', ' ')).toBe('200g rice\n1 onion');
  });

  it.each([
    ['', '', 'ingredients'],
    ['   \n ', '4', 'ingredients'],
    ['x'.repeat(FORM_INGREDIENTS_MAX + 1), '', 'ingredients'],
    ['200g rice', 'lots', 'servings'],
    ['200g rice', '0', 'servings'],
    ['200g rice', '101', 'servings'],
    ['200g rice', '2.5', 'servings'],
    ['200g rice', '-3', 'servings'],
  ])('refuses %j / servings %j, naming the %s field', (ingredients, servings, field) => {
    let thrown: unknown;
    try {
      recipeFormText(ingredients, servings);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidRecipeFormError);
    expect((thrown as InvalidRecipeFormError).field).toBe(field);
    // Worded in messages.ts for the form, not as a name lookup.
    expect(toErrorView(thrown).text).not.toContain('name');
  });

  it('takes 1 and 100 servings', () => {
    expect(readListText(recipeFormText('200g rice', '1')).servings?.count).toBe(1);
    expect(readListText(recipeFormText('200g rice', '100')).servings?.count).toBe(100);
  });
});
