import { FAKE_APPLICATION_ID, FAKE_BOT_USER_ID } from './fake-discord.js';

/**
 * Interaction payloads shaped like Discord's (API v10), with the fields discord.js's structures
 * read when it builds them from a gateway dispatch: member, channel, entitlements,
 * authorizing_integration_owners and, for components, a complete message.
 */

export const GUILD_ID = '555555555555555555';
export const CHANNEL_ID = '666666666666666666';
export const USER_ID = '777777777777777777';

/** Discord's epoch: a snowflake's top 42 bits are milliseconds since 2015-01-01. */
const DISCORD_EPOCH_MS = 1_420_070_400_000n;
let counter = 0n;
/**
 * A snowflake as Discord makes them (docs: Reference, "Snowflakes"): the time it was made, then a
 * worker, a process and an increment. The bot reads an interaction's age from its id.
 */
export function nextId(atMs: number = Date.now()): string {
  counter = (counter + 1n) % 4096n;
  return (((BigInt(atMs) - DISCORD_EPOCH_MS) << 22n) | counter).toString();
}

function base(type: number, data: unknown) {
  const id = nextId();
  return {
    id,
    application_id: FAKE_APPLICATION_ID,
    type,
    data,
    guild_id: GUILD_ID,
    guild: { id: GUILD_ID, locale: 'en-US', features: [] },
    channel_id: CHANNEL_ID,
    channel: { id: CHANNEL_ID, type: 0, guild_id: GUILD_ID, name: 'general', flags: 0 },
    member: {
      user: { id: USER_ID, username: 'alice', discriminator: '0', global_name: 'Alice', avatar: null },
      roles: [],
      permissions: '2248473465835073',
      joined_at: '2024-01-01T00:00:00.000000+00:00',
      deaf: false,
      mute: false,
      flags: 0,
      nick: null,
      avatar: null,
      premium_since: null,
      pending: false,
    },
    token: `interaction-token-${id}`,
    version: 1,
    app_permissions: '2248473465835073',
    locale: 'en-GB',
    guild_locale: 'en-US',
    entitlements: [],
    authorizing_integration_owners: { '0': GUILD_ID },
    context: 0,
    attachment_size_limit: 10_485_760,
  };
}

export type InteractionPayload = ReturnType<typeof base>;

export function pingPayload() {
  return {
    id: nextId(),
    application_id: FAKE_APPLICATION_ID,
    type: 1,
    token: `ping-${nextId()}`,
    version: 1,
  };
}

export function commandPayload(
  sub: 'product' | 'recipe' | 'help' | 'sources',
  name?: string,
): InteractionPayload {
  return base(2, {
    id: '888888888888888888',
    name: 'carbon',
    type: 1,
    options: [
      {
        name: sub,
        type: 1,
        // An optional option left empty is absent from the payload, as Discord sends it.
        ...(sub !== 'help' &&
          sub !== 'sources' &&
          !(sub === 'recipe' && name === undefined) && {
            options: [{ name: 'name', type: 3, value: name ?? '' }],
          }),
      },
    ],
  });
}

/** `/carbon compare options:<text>` as Discord sends it: a subcommand with one string option. */
export function compareCommandPayload(text: string): InteractionPayload {
  return base(2, {
    id: '888888888888888888',
    name: 'carbon',
    type: 1,
    options: [{ name: 'compare', type: 1, options: [{ name: 'options', type: 3, value: text }] }],
  });
}

/**
 * The MODAL_SUBMIT interaction (type 5) Discord sends when a modal is submitted: the modal's
 * custom_id and, for each of its Labels, the inner component with its custom_id and the value typed
 * (an empty string for an optional input left blank).
 */
export function modalSubmitPayload(
  modal: {
    custom_id: string;
    components: { type: number; component?: { type: number; custom_id: string } }[];
  },
  typed: Record<string, string>,
): InteractionPayload {
  return base(5, {
    custom_id: modal.custom_id,
    components: modal.components.map((label, index) => ({
      type: 18,
      id: index + 1,
      component: {
        type: 4,
        id: index + 100,
        custom_id: label.component?.custom_id ?? '',
        value: typed[label.component?.custom_id ?? ''] ?? '',
      },
    })),
  });
}

export function autocompletePayload(sub: 'product' | 'recipe', typed: string): InteractionPayload {
  return base(4, {
    id: '888888888888888888',
    name: 'carbon',
    type: 1,
    options: [{ name: sub, type: 1, options: [{ name: 'name', type: 3, value: typed, focused: true }] }],
  });
}

/** A click on a button of an earlier ephemeral answer; `embeds` are that answer's embeds. */
export function buttonPayload(
  customId: string,
  embeds: unknown[] = [],
): InteractionPayload & {
  message: Record<string, unknown>;
} {
  const messageId = nextId();
  return {
    ...base(3, { custom_id: customId, component_type: 2 }),
    message: {
      id: messageId,
      type: 20,
      channel_id: CHANNEL_ID,
      author: { id: FAKE_BOT_USER_ID, username: 'carbon', discriminator: '0', avatar: null, bot: true },
      content: '',
      timestamp: '2024-01-01T00:00:00.000000+00:00',
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: [],
      embeds,
      pinned: false,
      flags: 64,
      components: [
        {
          type: 1,
          id: 1,
          components: [{ type: 2, id: 2, style: 2, label: 'Share in channel', custom_id: customId }],
        },
      ],
      application_id: FAKE_APPLICATION_ID,
      webhook_id: FAKE_APPLICATION_ID,
    },
  };
}
