import { describe, expect, it } from 'vitest';
import { CompareResultSchema, RankedItemSchema } from '../../src/compare/model.js';
import { MAX_NAME_LENGTH } from '../../src/core/command.js';
import { COMPARE_TEXT_MAX } from '../../src/core/commands/compare.js';
import { MENU_TEXT_MAX } from '../../src/core/commands/menu.js';
import { ERROR_CODES } from '../../src/core/errors.js';
import { MAX_RECIPE_TEXT_LENGTH } from '../../src/recipes/list-text.js';
import { bodyLimitFor } from '../../src/service/menu-body.js';
import { ErrorCodeSchema } from '../../src/service/schemas.js';
import type { Schema } from '../support/openapi-validator.js';
import { deref, doc, type Operation } from './openapi-document.js';

/**
 * The document on its own, against the code's limits and schemas; openapi-answers.test.ts holds it
 * to the service's answers.
 */
describe('openapi.yaml', () => {
  it('is an OpenAPI 3.1 document with the x-api-key header scheme applied by default', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.components.securitySchemes.apiKey).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
    expect(doc.security).toEqual([{ apiKey: [] }]);
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/compare',
      '/healthz',
      '/impact/product',
      '/livez',
      '/menu',
      '/metrics',
      '/product',
      '/readyz',
      '/recipe',
    ]);
  });

  it('documents the parameters the service reads, with its length limit', () => {
    const expected: Record<string, string | null> = {
      '/impact/product': 'product',
      '/product': 'product',
      '/recipe': 'recipe',
      '/compare': 'options',
      '/menu': null,
      '/healthz': null,
      '/livez': null,
      '/readyz': null,
      '/metrics': null,
    };
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const operation of Object.values(item)) {
        const params = (operation.parameters ?? []).map(deref);
        if (expected[path] === null) {
          expect(params).toEqual([]);
          continue;
        }
        expect(params).toHaveLength(1);
        expect(params[0]).toMatchObject({
          name: expected[path],
          in: 'query',
          required: true,
          // /recipe also takes ingredient lists (the extension), up to their own limit; /compare
          // the text of `/carbon compare`, up to the command's.
          schema: {
            type: 'string',
            minLength: 1,
            maxLength:
              path === '/recipe'
                ? MAX_RECIPE_TEXT_LENGTH
                : path === '/compare'
                  ? COMPARE_TEXT_MAX
                  : MAX_NAME_LENGTH,
          },
        });
      }
    }
  });

  it("documents POST /menu's body with the menu command's limit, in both media types", () => {
    const body = (
      doc.paths['/menu']!.post as unknown as { requestBody: { content: Record<string, { schema: Schema }> } }
    ).requestBody.content;
    expect(Object.keys(body).sort()).toEqual(['application/json', 'text/plain']);
    const message = deref(doc.components.schemas.MenuMessage!);
    expect(message).toMatchObject({ type: 'string', minLength: 1, maxLength: MENU_TEXT_MAX });
    expect(deref(body['text/plain']!.schema)).toBe(message);
    expect(body['application/json']!.schema).toMatchObject({ required: ['message'] });
    // The byte limit the 413 names is the one the service applies.
    const described = String(deref((doc.paths['/menu']!.post as Operation).responses['413']!).description);
    expect(described.replace(/,/g, '')).toContain(`${bodyLimitFor(MENU_TEXT_MAX)} bytes`);
  });

  it('documents the comparison document with the fields of CompareResultSchema', () => {
    const fields = (name: string) => {
      const schema = deref(doc.components.schemas[name]!);
      return {
        properties: Object.keys(schema.properties as object).sort(),
        required: [...(schema.required as string[])].sort(),
      };
    };
    const ofZod = (shape: Record<string, { safeParse(value: unknown): { success: boolean } }>) => ({
      properties: Object.keys(shape).sort(),
      // A field is required unless the schema accepts it left out.
      required: Object.keys(shape)
        .filter((key) => !shape[key]!.safeParse(undefined).success)
        .sort(),
    });
    expect(fields('CompareResult')).toEqual(ofZod(CompareResultSchema.shape));
    expect(fields('RankedOption')).toEqual(ofZod(RankedItemSchema.shape));
    const view = deref(doc.components.schemas.ErrorView!) as { properties: { code: { enum: string[] } } };
    expect([...view.properties.code.enum].sort()).toEqual([...ERROR_CODES].sort());
  });

  it('lists exactly the error codes the service uses', () => {
    const error = doc.components.schemas.Error as { properties: { error: Schema } };
    const code = (error.properties.error.properties as Record<string, Schema>).code!;
    expect([...(code.enum as string[])].sort()).toEqual([...ErrorCodeSchema.options].sort());
  });
});
