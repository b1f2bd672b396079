import {
  type APIModalInteractionResponse,
  ComponentType,
  InteractionResponseType,
  TextInputStyle,
} from 'discord-api-types/v10';
import { z } from 'zod';
import {
  FORM_INGREDIENTS_MAX,
  FORM_LABELS,
  FORM_SERVINGS_MAX_LENGTH,
  recipeFormText,
} from '../../recipes/form.js';

/**
 * The recipe form on Discord: `/carbon recipe` without a name answers with a modal (interaction
 * response type 9) holding a paragraph text input for the ingredients and a short one for the
 * servings, each in a Label component (type 18; action rows in modals are deprecated). Its
 * submission (a MODAL_SUBMIT interaction, type 5) is read back here into one list text.
 */

export const RECIPE_MODAL_CUSTOM_ID = 'carbon:recipe-form';
const INGREDIENTS_ID = 'ingredients';
const SERVINGS_ID = 'servings';

export function recipeModalResponse(): APIModalInteractionResponse {
  return {
    type: InteractionResponseType.Modal,
    data: {
      custom_id: RECIPE_MODAL_CUSTOM_ID,
      title: FORM_LABELS.title,
      components: [
        {
          type: ComponentType.Label,
          label: FORM_LABELS.ingredients,
          component: {
            type: ComponentType.TextInput,
            custom_id: INGREDIENTS_ID,
            style: TextInputStyle.Paragraph,
            required: true,
            min_length: 1,
            max_length: FORM_INGREDIENTS_MAX,
            placeholder: FORM_LABELS.ingredientsPlaceholder,
          },
        },
        {
          type: ComponentType.Label,
          label: FORM_LABELS.servings,
          component: {
            type: ComponentType.TextInput,
            custom_id: SERVINGS_ID,
            style: TextInputStyle.Short,
            required: false,
            max_length: FORM_SERVINGS_MAX_LENGTH,
            placeholder: FORM_LABELS.servingsPlaceholder,
          },
        },
      ],
    },
  };
}

const TextInputValueSchema = z.object({ type: z.literal(4), custom_id: z.string(), value: z.string() });

/** A submission's components: labels around inputs, or (older clients' layout) action rows of them. */
const ModalSubmitDataSchema = z.object({
  custom_id: z.string().max(100),
  components: z.array(
    z.union([
      z.object({ type: z.literal(18), component: z.unknown() }),
      z.object({ type: z.literal(1), components: z.array(z.unknown()) }),
      z.object({ type: z.number() }),
    ]),
  ),
});

/** The values of the submission's text inputs, by custom_id, or null when it is not our form. */
export function readRecipeModal(data: unknown): Map<string, string> | null {
  const parsed = ModalSubmitDataSchema.safeParse(data);
  if (!parsed.success || parsed.data.custom_id !== RECIPE_MODAL_CUSTOM_ID) return null;
  const values = new Map<string, string>();
  for (const component of parsed.data.components) {
    const inputs =
      'component' in component
        ? [component.component]
        : 'components' in component
          ? component.components
          : [];
    for (const input of inputs) {
      const text = TextInputValueSchema.safeParse(input);
      if (text.success) values.set(text.data.custom_id, text.data.value);
    }
  }
  return values;
}

/** The list text of a submitted form; throws InvalidRecipeFormError for a field that cannot be used. */
export function recipeModalText(values: Map<string, string>): string {
  return recipeFormText(values.get(INGREDIENTS_ID) ?? '', values.get(SERVINGS_ID) ?? '');
}
