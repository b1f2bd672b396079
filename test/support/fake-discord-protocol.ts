import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What the fake Discord (fake-discord.ts) records and answers, and the checks by which it refuses
 * what real Discord refuses: the protocol side of the fake, apart from its server.
 */

export const FAKE_BOT_TOKEN = 'fake-bot-token.abc.123';
export const FAKE_APPLICATION_ID = '111111111111111111';
export const FAKE_BOT_USER_ID = '222222222222222222';

export interface RestRequest {
  method: string;
  /** Path below /api/v10. */
  path: string;
  query: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface Callback {
  interactionId: string;
  token: string;
  body: { type: number; data?: Record<string, unknown> };
}

export interface WebhookCall {
  method: 'PATCH' | 'DELETE' | 'POST';
  applicationId: string;
  token: string;
  /** '@original', a message id, or null for a follow-up POST. */
  messageId: string | null;
  body: Record<string, unknown> | null;
  /** The id of the message a follow-up POST created. */
  createdId?: string;
}

/** A REST call the fake answered with an error (scripted by failNext, or a refusal). */
export interface Rejection {
  request: RestRequest;
  status: number;
  body: unknown;
}

/** An interaction response the bot sent as the body of its HTTP reply (HTTP interactions mode). */
export interface HttpResponseRecord {
  interactionId: string;
  token: string;
  body: Callback['body'];
}

export interface Registration {
  applicationId: string;
  guildId: string | null;
  authorization: string | undefined;
  body: unknown;
}

export interface GatewayConnection {
  /** The query string discord.js connected with, e.g. v=10&encoding=json. */
  query: URLSearchParams;
  identify: { token: string; intents: number } | null;
  /** op 1 heartbeats received. */
  heartbeats: number;
  /** op 11 heartbeat ACKs sent back. */
  heartbeatAcks: number;
}

export interface FakeDiscordOptions {
  token?: string;
  /** HELLO's heartbeat_interval; Discord's is about 41 s, tests use a short one to see heartbeats. */
  heartbeatIntervalMs?: number;
}

/** A canned error response for the next matching REST call. */
export function botUser() {
  return {
    id: FAKE_BOT_USER_ID,
    username: 'carbon',
    discriminator: '0',
    global_name: null,
    avatar: null,
    bot: true,
    flags: 0,
  };
}

export interface Answer {
  status: number;
  body?: unknown;
}

export function invalid(problem: string): Answer {
  if (problem === 'empty message') {
    return { status: 400, body: { message: 'Cannot send an empty message', code: 50006 } };
  }
  // Discord's documented error shape: `errors` nests per field, each with an `_errors` list
  // (https://discord.com/developers/docs/reference#error-messages).
  return {
    status: 400,
    body: {
      message: 'Invalid Form Body',
      code: 50035,
      errors: { _errors: [{ code: 'BASE_TYPE_INVALID', message: problem }] },
    },
  };
}

const MESSAGE_COMPONENT = 3;

/**
 * Why Discord would refuse this interaction response, or null. `interactionType` is known when the
 * fake dispatched the interaction itself.
 */
export function callbackProblem(body: unknown, interactionType?: number): string | null {
  if (!isObject(body) || typeof body.type !== 'number') return 'type is required';
  const data = body.data;
  const forComponents = (type: number) =>
    interactionType !== undefined && interactionType !== MESSAGE_COMPONENT
      ? `type ${type} is only for component interactions`
      : null;
  switch (body.type) {
    case 1:
      return null;
    case 4:
      return isObject(data) ? messageProblem(data, 'create') : 'data is required';
    case 5:
      if (data === undefined) return null;
      if (!isObject(data)) return 'data must be an object';
      if (Object.keys(data).some((key) => key !== 'flags')) return 'a deferral only takes flags';
      return flagsProblem(data.flags, [0, 64]);
    case 6:
      if (data !== undefined && (!isObject(data) || Object.keys(data).some((key) => key !== 'flags'))) {
        return 'a deferred update takes no message';
      }
      return forComponents(6);
    case 7:
      return forComponents(7) ?? (isObject(data) ? messageProblem(data, 'edit') : 'data is required');
    case 8: {
      const choices = isObject(data) ? data.choices : undefined;
      if (!Array.isArray(choices) || choices.length > 25) return 'choices: at most 25';
      const bad = choices.some(
        (choice) =>
          !isObject(choice) ||
          typeof choice.name !== 'string' ||
          choice.name.length < 1 ||
          choice.name.length > 100 ||
          typeof choice.value !== 'string' ||
          choice.value.length > 100,
      );
      return bad ? 'choices: names 1-100 characters, string values of at most 100' : null;
    }
    case 9:
      if (interactionType === MODAL_SUBMIT) return 'a modal cannot answer a modal submission';
      return modalProblem(data);
    default:
      return `unknown response type ${body.type}`;
  }
}

const MODAL_SUBMIT = 5;

/**
 * Why Discord would refuse a modal (interaction response type 9), as its reference documents it:
 * custom_id 1-100 characters, a title of at most 45, 1 to 5 components; each a Label (type 18,
 * label at most 45, description at most 100) around one text input, or a deprecated action row
 * (type 1) of exactly one; a text input (type 4) has a custom_id, style 1 (short) or 2 (paragraph),
 * min/max_length within 0-4000 / 1-4000, a placeholder of at most 100, and in a Label no label of
 * its own.
 */
export function modalProblem(data: unknown): string | null {
  if (!isObject(data)) return 'data is required';
  const { custom_id: customId, title, components } = data;
  if (typeof customId !== 'string' || customId.length < 1 || customId.length > 100)
    return 'custom_id: 1-100 characters';
  if (typeof title !== 'string' || title.length < 1 || title.length > 45) return 'title: 1-45 characters';
  if (!Array.isArray(components) || components.length < 1 || components.length > 5)
    return 'components: 1 to 5';
  const inputProblem = (input: unknown, inLabel: boolean): string | null => {
    if (!isObject(input) || input.type !== 4) return 'a text input (type 4) is expected';
    if (typeof input.custom_id !== 'string' || input.custom_id.length < 1 || input.custom_id.length > 100)
      return 'text input custom_id: 1-100 characters';
    if (input.style !== 1 && input.style !== 2) return 'text input style: 1 or 2';
    if (inLabel && input.label !== undefined) return 'a text input in a Label takes no label';
    if (!inLabel && (typeof input.label !== 'string' || input.label.length > 45)) return 'label: at most 45';
    const within = (value: unknown, min: number) =>
      value === undefined || (typeof value === 'number' && value >= min && value <= 4000);
    if (!within(input.min_length, 0) || !within(input.max_length, 1)) return 'text input lengths: up to 4000';
    if (
      input.placeholder !== undefined &&
      (typeof input.placeholder !== 'string' || input.placeholder.length > 100)
    )
      return 'placeholder: at most 100 characters';
    return null;
  };
  for (const component of components) {
    if (!isObject(component)) return 'components must be objects';
    if (component.type === 18) {
      if (typeof component.label !== 'string' || component.label.length < 1 || component.label.length > 45)
        return 'Label label: 1-45 characters';
      const problem = inputProblem(component.component, true);
      if (problem !== null) return problem;
    } else if (component.type === 1) {
      if (!Array.isArray(component.components) || component.components.length !== 1)
        return 'a modal action row holds one text input';
      const problem = inputProblem(component.components[0], false);
      if (problem !== null) return problem;
    } else {
      return `component type ${String(component.type)} is not allowed in a modal here`;
    }
  }
  return null;
}

/**
 * Why Discord would refuse this message body, or null. A new message (type 4, follow-up) needs
 * content or embeds and may be ephemeral; an edit (PATCH, type 7) cannot change ephemerality and
 * must not leave the message empty.
 */
export function messageProblem(body: unknown, use: 'create' | 'edit'): string | null {
  if (!isObject(body)) return 'body must be an object';
  const content = body.content;
  const embeds = body.embeds;
  if (content !== undefined && (typeof content !== 'string' || content.length > 2000)) {
    return 'content: a string of at most 2000 characters';
  }
  if (embeds !== undefined && (!Array.isArray(embeds) || embeds.length > 10)) {
    return 'embeds: at most 10';
  }
  if (body.components !== undefined && !Array.isArray(body.components)) return 'components: an array';
  if (body.poll !== undefined) {
    const problem = pollProblem(body.poll);
    if (problem !== null) return problem;
  }
  const hasContent = typeof content === 'string' && content !== '';
  const hasEmbeds = Array.isArray(embeds) && embeds.length > 0;
  if (use === 'create' && !hasContent && !hasEmbeds) return 'empty message';
  if (use === 'edit' && Array.isArray(embeds) && !hasEmbeds && !hasContent) return 'empty message';
  return flagsProblem(body.flags, use === 'create' ? [0, 64] : [0]);
}

/**
 * Why Discord would refuse this poll create request (resources/poll: a question of at most 300
 * characters, 1 to 10 answers of at most 55, a duration of at most 32 days in hours), or null.
 */
function pollProblem(poll: unknown): string | null {
  if (!isObject(poll) || !isObject(poll.question)) return 'poll: a question is required';
  const question = poll.question.text;
  if (typeof question !== 'string' || question.length < 1 || question.length > 300)
    return 'poll: question text of 1-300 characters';
  const answers = poll.answers;
  if (!Array.isArray(answers) || answers.length < 1 || answers.length > 10) return 'poll: 1-10 answers';
  for (const answer of answers) {
    const text = isObject(answer) && isObject(answer.poll_media) ? answer.poll_media.text : undefined;
    if (typeof text !== 'string' || text.length < 1 || text.length > 55)
      return 'poll: answer text of 1-55 characters';
  }
  if (
    poll.duration !== undefined &&
    (typeof poll.duration !== 'number' || poll.duration < 1 || poll.duration > 768)
  )
    return 'poll: duration of 1-768 hours';
  if (poll.allow_multiselect !== undefined && typeof poll.allow_multiselect !== 'boolean')
    return 'poll: allow_multiselect is a boolean';
  return null;
}

function flagsProblem(flags: unknown, allowed: readonly number[]): string | null {
  if (flags === undefined) return null;
  return typeof flags === 'number' && allowed.includes(flags)
    ? null
    : `flags: only ${allowed.join(' or ')} allowed here`;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A 429 carries, besides retry_after in the body, the headers Discord documents for it
 * (https://discord.com/developers/docs/topics/rate-limits#header-format): Retry-After in seconds
 * and the scope; clients such as @discordjs/rest read these.
 */
function rateLimitHeaders(answer: Answer): Record<string, string> {
  if (answer.status !== 429) return {};
  const body = answer.body as { retry_after?: unknown; global?: unknown } | undefined;
  const seconds = typeof body?.retry_after === 'number' ? body.retry_after : 1;
  return {
    'retry-after': String(seconds),
    'x-ratelimit-scope': body?.global === true ? 'global' : 'user',
    ...(body?.global === true ? { 'x-ratelimit-global': 'true' } : {}),
  };
}

export function send(res: ServerResponse, answer: Answer): void {
  if (answer.body === undefined) {
    res.writeHead(answer.status).end();
    return;
  }
  const text = JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...rateLimitHeaders(answer),
  });
  res.end(text);
}
