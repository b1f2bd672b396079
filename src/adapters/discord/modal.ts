import {
  type APIModalInteractionResponse,
  ComponentType,
  InteractionResponseType,
  TextInputStyle,
} from 'discord-api-types/v10';
import { z } from 'zod';
import { FORMS, type FormSpec } from '../../core/commands/forms.js';

/**
 * The forms of core's "open a form" intent (src/core/commands/forms.ts) as Discord modals: the
 * interaction response type 9, a Label component (type 18; action rows in modals are deprecated)
 * around a text input per field, paragraph or short. Its submission (a MODAL_SUBMIT interaction,
 * type 5) is read back here into the form's values.
 */

/** The modal's custom_id, e.g. `carbon:recipe-form`. */
export function modalCustomId(form: FormSpec): string {
  return `carbon:${form.id}-form`;
}

export function modalResponse(form: FormSpec): APIModalInteractionResponse {
  return {
    type: InteractionResponseType.Modal,
    data: {
      custom_id: modalCustomId(form),
      title: form.title,
      components: form.fields.map((field) => ({
        type: ComponentType.Label,
        label: field.label,
        component: {
          type: ComponentType.TextInput,
          custom_id: field.id,
          style: field.multiline ? TextInputStyle.Paragraph : TextInputStyle.Short,
          required: field.required,
          ...(field.required ? { min_length: 1 } : {}),
          max_length: field.maxLength,
          placeholder: field.placeholder,
        },
      })),
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

/** The form a submission is for and its values by field id, or null when it is none of ours. */
export function readModal(data: unknown): { form: FormSpec; values: Map<string, string> } | null {
  const parsed = ModalSubmitDataSchema.safeParse(data);
  if (!parsed.success) return null;
  const form = Object.values(FORMS).find((each) => modalCustomId(each) === parsed.data.custom_id);
  if (form === undefined) return null;
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
  return { form, values };
}
