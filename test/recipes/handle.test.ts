import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/logging/logger.js';
import {
  computeListReply,
  ingredientListOf,
  lazyRecipeComputer,
  recipeListReply,
} from '../../src/recipes/handle.js';

const computer = lazyRecipeComputer();

describe('recipe command routing', () => {
  it('finds the list after the recipe verb, with or without /carbon', () => {
    expect(ingredientListOf('recipe 200g rice, 1 onion')).toBe(' 200g rice, 1 onion');
    expect(ingredientListOf('/carbon Recipe 200g rice, 1 onion')).toBe(' 200g rice, 1 onion');
    expect(ingredientListOf('recipe\n200g rice\n1 onion')).toBe('\n200g rice\n1 onion');
  });

  it('leaves dish names and other verbs to the lookup source', () => {
    expect(ingredientListOf('recipe lasagne')).toBeNull();
    expect(ingredientListOf('product 200g rice, 1 onion')).toBeNull();
    expect(recipeListReply('recipe mac and cheese, with bacon', computer, silentLogger())).toBeNull();
  });

  it('answers an over-long list with a clear error instead of computing it', () => {
    const reply = computeListReply('10g rice, '.repeat(500), computer, silentLogger());
    expect(reply.type).toBe('error');
    if (reply.type === 'error') {
      expect(reply.error.code).toBe('invalid_input');
      expect(reply.error.text).toContain('4000 characters');
    }
  });

  it('turns a failure of the computation into an error reply, never a throw', () => {
    const failing = () => ({
      compute: () => {
        throw new Error('boom');
      },
    });
    const reply = computeListReply('200g rice, 1 onion', failing, silentLogger());
    expect(reply).toMatchObject({ type: 'error', error: { code: 'internal' } });
  });
});
