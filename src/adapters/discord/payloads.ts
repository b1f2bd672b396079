import { z } from 'zod';
import type { DiscordMessage } from '../../render/discord.js';

/**
 * The parts of Discord's interaction payloads the bot reads, as zod schemas (anything else in the
 * payload is ignored), and the responses it sends back.
 */

export const InteractionType = {
  Ping: 1,
  ApplicationCommand: 2,
  MessageComponent: 3,
  ApplicationCommandAutocomplete: 4,
} as const;

export const CallbackType = {
  Pong: 1,
  ChannelMessageWithSource: 4,
  DeferredChannelMessageWithSource: 5,
  DeferredUpdateMessage: 6,
  UpdateMessage: 7,
  ApplicationCommandAutocompleteResult: 8,
} as const;

const Snowflake = z.string().regex(/^\d{1,25}$/);

const UserSchema = z.object({ id: Snowflake });

const LeafOptionSchema = z.object({
  name: z.string(),
  type: z.number().int(),
  value: z.union([z.string(), z.number(), z.boolean()]).optional(),
  focused: z.boolean().optional(),
});

const TopOptionSchema = LeafOptionSchema.extend({
  options: z.array(LeafOptionSchema).optional(),
});
export type TopOption = z.infer<typeof TopOptionSchema>;

export const CommandDataSchema = z.object({
  name: z.string(),
  options: z.array(TopOptionSchema).optional(),
});

export const ComponentDataSchema = z.object({
  custom_id: z.string().max(100),
  component_type: z.number().int(),
});

export const InteractionSchema = z.object({
  id: Snowflake,
  application_id: Snowflake,
  type: z.number().int(),
  token: z.string().min(1).max(2000),
  data: z.unknown().optional(),
  /** Set in DMs; in guilds the user is under member. */
  user: UserSchema.optional(),
  member: z.object({ user: UserSchema }).optional(),
  /** The message a component is attached to (component interactions only). */
  message: z
    .object({
      id: Snowflake,
      embeds: z.array(z.unknown()).optional(),
    })
    .optional(),
});
export type Interaction = z.infer<typeof InteractionSchema>;

export interface AutocompleteChoice {
  name: string;
  value: string;
}

export type InteractionResponse =
  | { type: typeof CallbackType.Pong }
  | { type: typeof CallbackType.ChannelMessageWithSource; data: DiscordMessage }
  | { type: typeof CallbackType.DeferredChannelMessageWithSource; data: { flags?: number } }
  | { type: typeof CallbackType.DeferredUpdateMessage }
  | { type: typeof CallbackType.UpdateMessage; data: DiscordMessage }
  | {
      type: typeof CallbackType.ApplicationCommandAutocompleteResult;
      data: { choices: AutocompleteChoice[] };
    };
