import { randomUUID } from 'node:crypto';
import type { ModalView } from './fake-slack-protocol.js';

/**
 * What Slack sends the bot, as the fake Slack (fake-slack.ts) sends it: slash command forms and
 * Socket Mode payloads, button presses, modal submissions and Events API callbacks.
 */

let triggers = 0;
/**
 * A trigger_id as Slack makes them ("13345224609.738474920.8088930838d88f008e0"): a new one for every
 * user action, the same in every retry of it. The bot answers each trigger_id once.
 */
export function newTriggerId(): string {
  triggers += 1;
  return `${Date.now()}.${process.pid}${triggers}.${randomUUID().replaceAll('-', '').slice(0, 20)}`;
}

/**
 * An Events API callback as Slack posts it (JSON, signed like every request): the envelope of
 * docs.slack.dev/reference/events/app_uninstalled and …/tokens_revoked, with the workspace's team_id.
 */
export function eventCallbackBody(teamId: string, event: Record<string, unknown>): string {
  return JSON.stringify({
    token: 'deprecated-verification-token',
    team_id: teamId,
    api_app_id: 'A0000001',
    event: { ...event, event_ts: `${Date.now() / 1000}` },
    type: 'event_callback',
    event_id: `Ev${randomUUID().slice(0, 8).toUpperCase()}`,
    event_time: Math.floor(Date.now() / 1000),
  });
}

/** The form body Slack sends for `/carbon <text>`. */
export function slashCommandForm(
  text: string,
  responseUrl: string,
  fields: Record<string, string> = {},
): string {
  return new URLSearchParams({
    token: 'deprecated-verification-token',
    team_id: 'T0000001',
    team_domain: 'fake',
    channel_id: 'C0000001',
    channel_name: 'general',
    user_id: 'U0000001',
    user_name: 'asker',
    command: '/carbon',
    text,
    api_app_id: 'A0000001',
    is_enterprise_install: 'false',
    response_url: responseUrl,
    trigger_id: newTriggerId(),
    ...fields,
  }).toString();
}

/** What every interaction payload carries: the workspace, the user, the app, and a new trigger_id. */
function interactionFrom(user: string, username: string): Record<string, unknown> {
  return {
    team: { id: 'T0000001', domain: 'fake' },
    user: { id: user, username, name: username, team_id: 'T0000001' },
    api_app_id: 'A0000001',
    token: 'deprecated-verification-token',
    trigger_id: newTriggerId(),
  };
}

/** A block_actions payload for a button press on an ephemeral message. */
export function buttonPayload(
  actionId: string,
  value: string,
  responseUrl: string,
  user = 'U0000002',
  channel = 'C0000001',
): Record<string, unknown> {
  return {
    type: 'block_actions',
    ...interactionFrom(user, 'sharer'),
    container: { type: 'message', message_ts: '1.1', channel_id: channel, is_ephemeral: true },
    channel: { id: channel, name: 'general' },
    response_url: responseUrl,
    actions: [
      {
        type: 'button',
        action_id: actionId,
        block_id: 'b1',
        text: { type: 'plain_text', text: 'Share in channel' },
        value,
        action_ts: '2.2',
      },
    ],
  };
}

export function interactionForm(payload: Record<string, unknown>): string {
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}

/** The slash command fields as Socket Mode delivers them (the same names as the HTTP form). */
export function slashCommandPayload(text: string, responseUrl: string): Record<string, unknown> {
  return Object.fromEntries(new URLSearchParams(slashCommandForm(text, responseUrl)));
}

/**
 * The view_submission Slack sends when the user submits an opened modal: the view echoed with its
 * callback_id and private_metadata, and state.values keyed by block_id then action_id, each a
 * plain_text_input's value (null when left empty). `typed` maps block_ids to what was typed.
 */
export function viewSubmissionPayload(
  view: ModalView & { id: string },
  typed: Record<string, string>,
  user = 'U0000001',
): Record<string, unknown> {
  const values: Record<string, Record<string, { type: string; value: string | null }>> = {};
  for (const block of view.blocks ?? []) {
    if (block.type !== 'input' || block.block_id === undefined || block.element?.action_id === undefined)
      continue;
    const value = typed[block.block_id];
    values[block.block_id] = {
      [block.element.action_id]: {
        type: 'plain_text_input',
        value: value === undefined || value === '' ? null : value,
      },
    };
  }
  return {
    type: 'view_submission',
    ...interactionFrom(user, 'asker'),
    view: { ...view, state: { values }, hash: '1.abc' },
    response_urls: [],
  };
}
