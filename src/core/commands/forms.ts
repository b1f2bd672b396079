import {
  FORM_INGREDIENTS_MAX,
  FORM_LABELS,
  FORM_SERVINGS_MAX_LENGTH,
  recipeFormText,
} from '../../recipes/form.js';
import type { FormId } from './define.js';
import type { CommandRequest } from './registry.js';

/**
 * The forms a chat command may open instead of answering (the "open a form" intent): what each
 * asks for and the request its submission runs. A platform lays any form out from this (a Slack
 * modal, a Discord modal) and never knows which command it belongs to.
 */
export interface FormField {
  /** Stable id: the platform's block or input id, and the key of the submitted values. */
  id: string;
  label: string;
  /** May hold line breaks (an example list); a single-line placeholder keeps the first lines. */
  placeholder: string;
  multiline: boolean;
  required: boolean;
  maxLength: number;
}

export interface FormSpec {
  id: FormId;
  title: string;
  submitLabel: string;
  fields: readonly FormField[];
  /**
   * The request a submission runs. Throws InvalidRecipeFormError (an InvalidInputError naming the
   * field at fault), which the platform shows under that field, keeping the form open.
   */
  toRequest(values: ReadonlyMap<string, string>): CommandRequest;
}

export const FORMS: Readonly<Record<FormId, FormSpec>> = {
  recipe: {
    id: 'recipe',
    title: FORM_LABELS.title,
    submitLabel: FORM_LABELS.submit,
    fields: [
      {
        id: 'ingredients',
        label: FORM_LABELS.ingredients,
        placeholder: FORM_LABELS.ingredientsPlaceholder,
        multiline: true,
        required: true,
        maxLength: FORM_INGREDIENTS_MAX,
      },
      {
        id: 'servings',
        label: FORM_LABELS.servings,
        placeholder: FORM_LABELS.servingsPlaceholder,
        multiline: false,
        required: false,
        maxLength: FORM_SERVINGS_MAX_LENGTH,
      },
    ],
    // A form's text is a list whatever it reads like: its box is for ingredients.
    toRequest: (values) => ({
      command: 'recipe',
      input: {
        text: recipeFormText(values.get('ingredients') ?? '', values.get('servings') ?? ''),
        list: true,
      },
    }),
  },
};

/** The field a refused submission is about: the error's own field, else the first one. */
export function fieldAtFault(form: FormSpec, error: unknown): FormField {
  const field = (error as { field?: unknown } | null)?.field;
  return form.fields.find((each) => each.id === field) ?? form.fields[0]!;
}
