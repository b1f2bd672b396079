import type {
  APIApplicationCommandAutocompleteResponse,
  APIApplicationCommandOptionChoice,
  APIInteractionResponseCallbackData,
  APIInteractionResponseDeferredChannelMessageWithSource,
  APIInteractionResponseDeferredMessageUpdate,
  APIInteractionResponsePong,
  APIModalInteractionResponse,
  InteractionResponseType,
} from 'discord-api-types/v10';
import { z } from 'zod';
import type { DiscordMessage } from '../../render/discord.js';

/**
 * The parts of Discord's interaction payloads the bot reads, as zod schemas (anything else in the
 * payload is ignored), and the responses it sends back.
 */

/** Discord's own enums (discord-api-types, as discord.js uses), re-exported under the names used here. */
export { InteractionResponseType as CallbackType, InteractionType } from 'discord-api-types/v10';

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

/** A message command's data (type 3): the target message, content included, under resolved.messages. */
export const MessageCommandDataSchema = z.object({
  type: z.literal(3),
  name: z.string(),
  target_id: z.string(),
  resolved: z.object({
    // No length cap here: Discord bounds content (2,000, or 4,000 with Nitro) and the route the body
    // (64 KiB); the menu reader keeps at most ten options of 200 characters whatever it is given.
    messages: z.record(z.string(), z.object({ content: z.string().optional() })),
  }),
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
  /** The server it came from; absent in DMs (and group DMs with a user-installed app). */
  guild_id: Snowflake.optional(),
  /** The conversation it came from (older payloads carry only channel_id). */
  channel_id: Snowflake.optional(),
  channel: z.object({ id: Snowflake }).optional(),
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

export type AutocompleteChoice = APIApplicationCommandOptionChoice<string>;

/**
 * The responses the bot sends: discord-api-types' own, with the message bodies the renderer
 * builds (checked against Discord's type below).
 */
export type InteractionResponse =
  | APIInteractionResponsePong
  | { type: InteractionResponseType.ChannelMessageWithSource; data: DiscordMessage }
  | APIInteractionResponseDeferredChannelMessageWithSource
  | APIInteractionResponseDeferredMessageUpdate
  | { type: InteractionResponseType.UpdateMessage; data: DiscordMessage }
  | APIApplicationCommandAutocompleteResponse
  | APIModalInteractionResponse;

/** The renderer's message is a valid callback body as Discord's types define it. */
export type MessageChecksAgainstDiscord = DiscordMessage extends APIInteractionResponseCallbackData
  ? true
  : never;
const _messageChecks: MessageChecksAgainstDiscord = true;
void _messageChecks;
