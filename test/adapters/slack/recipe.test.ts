import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formCallbackId, formView } from '../../../src/adapters/slack/forms.js';
import { FORMS } from '../../../src/core/commands/forms.js';
import { decodeLookupButton, SHARE_ACTION_ID } from '../../../src/render/slack-buttons.js';
import { FakeSlack } from '../../support/fake-slack.js';
import {
  buttonPayload,
  interactionForm,
  slashCommandForm,
  slashCommandPayload,
  viewSubmissionPayload,
} from '../../support/fake-slack-payloads.js';
import { expectNoSlackControlSequences, expectWithinBlockKitLimits } from './block-kit.js';
import { type Harness, SIGNING_SECRET, startHarness } from './harness.js';
import { ScriptedSource } from './scripted-source.js';

type Card = { text: string; blocks: { type: string; [key: string]: unknown }[] };

const source = new ScriptedSource();
let h: Harness;
let triggers = 0;

beforeAll(async () => {
  h = await startHarness(source, 'http');
});
afterAll(async () => {
  await h.close();
  expect(h.fake.rejectedResponses).toEqual([]);
  // The response_url carried in private_metadata is never logged.
  expect(h.logs.text).not.toMatch(/response\\?\/(?:command|action)\\?\//);
});

const command = (text: string, responseUrl = h.fake.responseUrl()) =>
  h.fake.send(
    h.eventsUrl,
    slashCommandForm(text, responseUrl, { trigger_id: `1.2.${++triggers}` }),
    SIGNING_SECRET,
  );

/** The card of a command: in the ack when quick, else the response_url post after "Looking it up…". */
async function answerOf(text: string): Promise<Card> {
  const responseUrl = h.fake.responseUrl();
  const ack = await command(text, responseUrl);
  expect(ack.status).toBe(200);
  if (Array.isArray(ack.json?.blocks)) return ack.json as unknown as Card;
  return (await h.fake.nextResponse(responseUrl)).body as unknown as Card;
}

const cardText = (card: Card) => JSON.stringify(card);

const shareValue = (card: Card): string => {
  const actions = card.blocks.find((block) => block.type === 'actions') as unknown as {
    elements: { action_id: string; value: string }[];
  };
  const button = actions.elements.find((element) => element.action_id === SHARE_ACTION_ID);
  return button!.value;
};

const SPAG_BOL = '500g beef mince, 400g spaghetti, 1 onion, 2 x 400g tins chopped tomatoes, serves 4';

describe('Slack: /carbon recipe <ingredient list>', () => {
  it('computes the list, whatever the lookup source, with every line, grams and food', async () => {
    const card = await answerOf(`recipe ${SPAG_BOL}`);
    const text = cardText(card);
    expect(text).toContain('kg CO2e* per serving');
    expect(text).toContain('Not climate-friendly');
    expect(text).toContain('Ingredients (whole recipe, for 4 servings)');
    expect(text).toMatch(/500g beef mince: 500 g as \*[^*]*beef/i);
    expect(text).toMatch(/1 onion: \d+ g as \*[^*]*onion/i);
    expect(text).toMatch(/2 x 400g tins chopped tomatoes: 800 g as/);
    // The scripted source (the "API") was not asked: lists are computed from the catalog.
    expect(source.calls.filter((call) => call.kind === 'recipe')).toEqual([]);
    expectWithinBlockKitLimits(card as never);
  });

  it('says when no servings were stated, and lists skipped lines apart', async () => {
    const text = cardText(await answerOf('recipe 200g rice, 100g frobnicated zorblax, 1 tbsp olive oil'));
    expect(text).toContain('no servings stated: taken as one serving');
    expect(text).toContain('Skipped (not in the figure)');
    expect(text).toContain('frobnicated zorblax');
  });

  it('takes lists far over the 200-character name limit', async () => {
    const foods = ['basmati rice', 'red lentils', 'carrots', 'onions', 'potatoes', 'spinach', 'chickpeas'];
    const long = Array.from({ length: 21 }, (_, i) => `${100 + i}g ${foods[i % foods.length]}`).join(', ');
    expect(long.length).toBeGreaterThan(300);
    const text = cardText(await answerOf(`recipe ${long}, serves 2`));
    expect(text).toContain('Ingredients (whole recipe, for 2 servings)');
    expect(text).not.toContain('limited to 200 characters');
  });

  it('keeps 50 lines of hostile text within Block Kit limits, escaped, none dropped silently', async () => {
    const hostile = '<!channel> <@U1> *b* `c` @here <https://x.example|y> & ';
    // Half real food (so there is a figure), half hostile text that is skipped and echoed back.
    const lines = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0 ? `${i + 1}00g rice with ${hostile.slice(0, 20)}` : `${i + 1}00g ${hostile}`,
    );
    const card = await answerOf(`recipe ${lines.join(', ')}`);
    expectWithinBlockKitLimits(card as never);
    expectNoSlackControlSequences(card as never);
    const text = cardText(card);
    // Every line is shown, or counted in an "…and N more lines".
    const shown = (text.match(/• \d+00g/g) ?? []).length;
    const more = /…and (\d+) more lines?/.exec(text);
    expect(shown + Number(more?.[1] ?? 0)).toBe(50);
  });

  it('shares a list by computing it again from its lines, credited in the channel', async () => {
    const card = await answerOf(`recipe ${SPAG_BOL}`);
    const value = decodeLookupButton(shareValue(card));
    expect(value?.k).toBe('recipe');
    expect(value?.q).toContain('\n');
    const actionUrl = h.fake.responseUrl('action');
    const response = await h.fake.send(
      h.eventsUrl,
      interactionForm(buttonPayload(SHARE_ACTION_ID, shareValue(card), actionUrl, 'U0SHARER')),
      SIGNING_SECRET,
    );
    expect(response.status).toBe(200);
    const post = await h.fake.nextWebApiCall('chat.postMessage', (call) =>
      JSON.stringify(call.args).includes('U0SHARER'),
    );
    const posted = { blocks: post.args.blocks as Card['blocks'] };
    expect(posted.blocks.slice(0, -1)).toEqual(card.blocks.filter((block) => block.type !== 'actions'));
  });

  it('mentions ingredient lists in the help', async () => {
    expect(cardText(await answerOf('help'))).toContain('/carbon recipe &lt;ingredient list&gt;');
  });
});

describe('Slack: the recipe form', () => {
  async function openForm(responseUrl: string) {
    const before = h.fake.openedViews.length;
    const ack = await command('recipe', responseUrl);
    expect(ack.status).toBe(200);
    // The ack is empty: the modal is the answer.
    expect(ack.text).toBe('');
    const call = await h.fake.nextWebApiCall(
      'views.open',
      (each) => each.args.trigger_id === `1.2.${triggers}`,
    );
    expect(h.fake.openedViews.length).toBe(before + 1);
    return { call, view: h.fake.openedViews.at(-1)! };
  }

  const submit = (view: Parameters<typeof viewSubmissionPayload>[0], typed: Record<string, string>) =>
    h.fake.send(h.eventsUrl, interactionForm(viewSubmissionPayload(view, typed)), SIGNING_SECRET);

  it('opens a modal with the command trigger_id, keeping the response_url in private_metadata', async () => {
    const responseUrl = h.fake.responseUrl();
    const { call, view } = await openForm(responseUrl);
    expect(call.args.trigger_id).toBe(`1.2.${triggers}`);
    expect(view.callback_id).toBe(formCallbackId(FORMS.recipe));
    expect(JSON.parse(view.private_metadata ?? '{}')).toEqual({ response_url: responseUrl });
    const box = view.blocks?.find((block) => block.block_id === 'ingredients');
    expect(box?.element).toMatchObject({ type: 'plain_text_input', multiline: true });
    expect(view.blocks?.find((block) => block.block_id === 'servings')).toMatchObject({ optional: true });
  });

  it('answers a submission privately where the command was typed, with the share button', async () => {
    const responseUrl = h.fake.responseUrl();
    const { view } = await openForm(responseUrl);
    const ack = await submit(view, {
      ingredients: '500g beef mince\n400g spaghetti\n1 onion\n2 x 400g tins chopped tomatoes',
      servings: '4',
    });
    expect(ack.status).toBe(200);
    // Closing the modal: an empty ack, no response_action.
    expect(ack.json?.response_action).toBeUndefined();
    const answer = await h.fake.nextResponse(responseUrl);
    expect(answer.body).toMatchObject({ response_type: 'ephemeral' });
    const card = answer.body as unknown as Card;
    expect(cardText(card)).toContain('Ingredients (whole recipe, for 4 servings)');
    expect(cardText(card)).toContain(SHARE_ACTION_ID);
    expectWithinBlockKitLimits(card as never);
  });

  it('keeps the modal open with the reason under the box when the text is not a recipe', async () => {
    const responseUrl = h.fake.responseUrl();
    const { view } = await openForm(responseUrl);
    const ack = await submit(view, { ingredients: 'hello there\nhow are you' });
    expect(ack.json).toMatchObject({ response_action: 'errors' });
    const errors = ack.json?.errors as Record<string, string>;
    expect(Object.keys(errors)).toEqual(['ingredients']);
    expect(errors.ingredients).toMatch(/ingredient list/);
    expect(h.fake.responsesTo(responseUrl)).toEqual([]);
  });

  it('refuses servings that are not a whole number under the servings field', async () => {
    const { view } = await openForm(h.fake.responseUrl());
    const ack = await submit(view, { ingredients: '200g rice\n1 onion', servings: 'lots' });
    expect(ack.json).toMatchObject({ response_action: 'errors' });
    expect(Object.keys(ack.json?.errors as object)).toEqual(['servings']);
  });

  it('tells the user privately when Slack refuses to open the modal', async () => {
    h.fake.onWebApi('views.open', () => ({ ok: false, error: 'expired_trigger_id' }));
    try {
      const responseUrl = h.fake.responseUrl();
      const ack = await command('recipe', responseUrl);
      expect(ack.status).toBe(200);
      const notice = await h.fake.nextResponse(responseUrl);
      expect(notice.body).toMatchObject({ response_type: 'ephemeral' });
      expect(JSON.stringify(notice.body)).toContain('Something went wrong');
    } finally {
      h.fake.onWebApi('views.open', (args) => ({ ok: true, view: args.view }));
    }
  });
});

describe('Slack Socket Mode: the recipe form', () => {
  let socket: Harness;
  beforeAll(async () => {
    socket = await startHarness(new ScriptedSource(), 'socket');
  });
  afterAll(() => socket.close());

  it('opens the modal from a slash command envelope and acks the submission envelope with errors or nothing', async () => {
    const responseUrl = socket.fake.responseUrl();
    const ack = await socket.fake.sendEnvelope('slash_commands', slashCommandPayload('recipe', responseUrl));
    expect(ack.payload ?? {}).toEqual({});
    await socket.fake.nextWebApiCall('views.open');
    const view = socket.fake.openedViews[0]!;

    const refused = await socket.fake.sendEnvelope(
      'interactive',
      viewSubmissionPayload(view, { ingredients: '200g rice', servings: 'a few' }),
    );
    expect(refused.payload).toMatchObject({
      response_action: 'errors',
      errors: { servings: expect.any(String) },
    });

    const accepted = await socket.fake.sendEnvelope(
      'interactive',
      viewSubmissionPayload(view, { ingredients: '200g rice\n1 onion\n100g peas', servings: '2' }),
    );
    expect(accepted.payload?.response_action).toBeUndefined();
    const answer = await socket.fake.nextResponse(responseUrl);
    expect(JSON.stringify(answer.body)).toContain('Ingredients (whole recipe, for 2 servings)');
  });
});

describe('the fake Slack refuses views Slack would refuse (so the form tests above mean something)', () => {
  let fake: FakeSlack;
  beforeAll(async () => {
    fake = await new FakeSlack().start();
  });
  afterAll(() => fake.close());

  const open = async (trigger: string, view: unknown) => {
    const response = await fetch(`${fake.apiUrl}/views.open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer xoxb-test' },
      body: JSON.stringify({ trigger_id: trigger, view }),
    });
    return (await response.json()) as { ok: boolean; error?: string };
  };

  it('opens the bot’s form once per trigger_id', async () => {
    const view = formView(FORMS.recipe, 'http://127.0.0.1/response/command/x');
    expect(await open('9.9.1', view)).toMatchObject({ ok: true });
    expect(await open('9.9.1', view)).toEqual({ ok: false, error: 'exchanged_trigger_id' });
  });

  it.each([
    [
      'a title over 24 characters',
      (view: Record<string, unknown>) => (view.title = { type: 'plain_text', text: 'x'.repeat(25) }),
    ],
    [
      'private_metadata over 3,000',
      (view: Record<string, unknown>) => (view.private_metadata = 'x'.repeat(3001)),
    ],
    ['inputs without a submit button', (view: Record<string, unknown>) => delete view.submit],
  ])('refuses %s', async (_label, spoil) => {
    const view = structuredClone(formView(FORMS.recipe, 'http://127.0.0.1/response/command/x')) as Record<
      string,
      unknown
    >;
    spoil(view);
    expect(await open(`9.8.${_label.length}`, view)).toEqual({ ok: false, error: 'invalid_arguments' });
  });
});
