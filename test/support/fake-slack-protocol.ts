import { createHmac } from 'node:crypto';

/**
 * What the fake Slack (fake-slack.ts) records and answers, how Slack signs its requests, and the
 * checks by which it refuses a modal real Slack refuses: the protocol side of the fake, apart from
 * its server.
 */

export interface WebApiCall {
  method: string;
  /** The bearer token the bot sent (tests assert which token, never print it). */
  token: string | null;
  /** The workspace of that token when the fake issued it through OAuth; null otherwise. */
  team: string | null;
  args: Record<string, unknown>;
}

/**
 * Where a response_url came from. Slack lets an interaction's response_url (block_actions) replace or
 * delete the message that holds the button, but a slash command's response_url can only post new
 * messages: `replace_original`/`delete_original` there do not touch the command's ephemeral ack
 * (api.slack.com/messaging/modifying; slackapi/bolt-js#2287, bolt-python#1268).
 */
export type ResponseUrlOrigin = 'command' | 'action';

export interface ResponseUrlPost {
  id: string;
  origin: ResponseUrlOrigin;
  body: Record<string, unknown>;
  /** Set when the fake refused the post (HTTP 400) because real Slack would not do what it asks. */
  rejected?: string;
}

/** The parts of a modal view the fake checks and echoes back in a view_submission. */
export interface ModalView {
  type: string;
  callback_id?: string;
  private_metadata?: string;
  title?: { type: string; text: string };
  submit?: { type: string; text: string };
  close?: { type: string; text: string };
  blocks?: {
    type: string;
    block_id?: string;
    label?: { type: string; text: string };
    element?: {
      type: string;
      action_id?: string;
      max_length?: number;
      placeholder?: { type: string; text: string };
    };
  }[];
}

export interface SocketAck {
  envelope_id: string;
  payload?: Record<string, unknown>;
}

export type WebApiHandler = (args: Record<string, unknown>) => Record<string, unknown>;

export interface SignedRequestOptions {
  /** Defaults to now; set it to test stale or future timestamps. */
  timestampS?: number;
  /** Overrides the computed signature. */
  signature?: string;
  /** Leaves out the named headers. */
  omit?: ('x-slack-signature' | 'x-slack-request-timestamp')[];
  contentType?: string;
  /** More headers, e.g. Slack's X-Slack-Retry-Num and X-Slack-Retry-Reason on a retry. */
  headers?: Record<string, string>;
}

export function signSlackRequest(secret: string, timestampS: number, body: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestampS}:${body}`).digest('hex')}`;
}

export function parseArgs(contentType: string | undefined, raw: string): Record<string, unknown> {
  if (raw === '') return {};
  if (contentType?.includes('application/json')) return JSON.parse(raw) as Record<string, unknown>;
  const args: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    // The Web API client form-encodes arrays and objects (blocks, attachments) as JSON strings.
    args[key] = value.startsWith('[') || value.startsWith('{') ? JSON.parse(value) : value;
  }
  return args;
}

/**
 * A modal views.open accepts, as documented (docs.slack.dev/reference/methods/views.open,
 * .../views/modal-views): a modal's title, submit and close are plain_text of at most 24 characters,
 * private_metadata at most 3,000, callback_id at most 255, at most 100 blocks; an input block's
 * plain_text_input takes max_length up to 3,000 and placeholders up to 150.
 */
export function validModal(view: ModalView): boolean {
  const text = (element: { type?: string; text?: string } | undefined, max: number) =>
    element === undefined || (element.type === 'plain_text' && (element.text ?? '').length <= max);
  const inputs = (view.blocks ?? []).filter((block) => block.type === 'input');
  return (
    view.type === 'modal' &&
    view.title !== undefined &&
    text(view.title, 24) &&
    text(view.submit, 24) &&
    text(view.close, 24) &&
    (view.private_metadata ?? '').length <= 3000 &&
    (view.callback_id ?? '').length <= 255 &&
    (view.blocks ?? []).length <= 100 &&
    (inputs.length === 0 || view.submit !== undefined) &&
    inputs.every(
      (block) =>
        text(block.label, 2000) &&
        block.element?.type === 'plain_text_input' &&
        (block.element.max_length ?? 0) <= 3000 &&
        text(block.element.placeholder, 150),
    )
  );
}
