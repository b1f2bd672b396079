import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARBON_COMMAND } from '../../../src/adapters/discord/commands.js';
import { modalCustomId, modalResponse } from '../../../src/adapters/discord/modal.js';
import { FORMS } from '../../../src/core/commands/forms.js';
import { EMBED_LIMITS, embedLength } from '../../../src/render/discord.js';
import { LIST_SHARE_CUSTOM_ID } from '../../../src/render/discord-custom-ids.js';
import { createCatalogSource, loadCatalog } from '../../../src/sources/catalog/index.js';
import {
  buttonPayload,
  commandPayload,
  modalSubmitPayload,
  USER_ID,
} from '../../support/fake-discord-payloads.js';
import { callbackProblem } from '../../support/fake-discord-protocol.js';
import { type Harness, postInteraction, startHarness } from './harness.js';

type Embed = { title?: string; description?: string; fields?: { name: string; value: string }[] };
type Message = {
  content?: string;
  embeds: Embed[];
  components: { components: { custom_id: string }[] }[];
  flags?: number;
};
type Modal = {
  custom_id: string;
  title: string;
  components: {
    type: number;
    label: string;
    component: { type: number; custom_id: string; style: number };
  }[];
};

let harness: Harness;

beforeAll(async () => {
  const catalog = loadCatalog();
  harness = await startHarness({ mode: 'http', source: createCatalogSource(catalog), suggester: catalog });
});
afterAll(() => harness.stop());

/** The answer to an interaction: in the HTTP response (type 4), or the PATCH after a deferral (type 5). */
async function answerOf(payload: { token: string }): Promise<Message> {
  const response = await postInteraction(harness, payload);
  expect(response.status).toBe(200);
  const body = response.body as { type: number; data?: Message };
  if (body.type === 4) return body.data!;
  expect(body.type).toBe(5);
  return (await harness.fake.waitForWebhook(payload.token, 'PATCH')).body as unknown as Message;
}

const embedText = (message: Message) => JSON.stringify(message.embeds);

function expectWithinEmbedLimits(message: Message): void {
  for (const embed of message.embeds) {
    expect(embed.fields?.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.fields);
    for (const field of embed.fields ?? []) {
      expect(field.value.length).toBeGreaterThan(0);
      expect(field.value.length).toBeLessThanOrEqual(EMBED_LIMITS.fieldValue);
    }
    expect(embedLength(embed as never)).toBeLessThanOrEqual(EMBED_LIMITS.total);
  }
}

const SPAG_BOL = '500g beef mince, 400g spaghetti, 1 onion, 2 x 400g tins chopped tomatoes, serves 4';

describe('Discord: /carbon recipe <ingredient list>', () => {
  it('lets the recipe option take a list or nothing (the form), and lists up to 4,000 characters', () => {
    const recipe = CARBON_COMMAND.options.find((option) => option.name === 'recipe')!;
    const name = recipe.options?.[0];
    expect(name).toMatchObject({ name: 'name', required: false, max_length: 4000 });
  });

  it('computes a list privately, every line with grams and food, with a Share that copies the card', async () => {
    const message = await answerOf(commandPayload('recipe', SPAG_BOL));
    expect(message.flags).toBe(64);
    const fields = message.embeds[0]!.fields!;
    expect(fields.map((field) => field.name)).toContain('Ingredients (whole recipe, for 4 servings)');
    const text = embedText(message);
    expect(text).toMatch(/500g beef mince: 500 g as \*\*[^*]*beef/i);
    expect(text).toContain('Not climate-friendly');
    expect(message.components[0]!.components[0]!.custom_id).toBe(LIST_SHARE_CUSTOM_ID);
    expectWithinEmbedLimits(message);
  });

  it('says when no servings were stated and lists skipped lines apart', async () => {
    const message = await answerOf(commandPayload('recipe', '200g rice, 100g frobnicated zorblax, 1 onion'));
    const names = message.embeds[0]!.fields!.map((field) => field.name);
    expect(names).toContain('Ingredients (no servings stated: taken as one serving)');
    expect(names).toContain('Skipped (not in the figure)');
  });

  it('keeps 50 lines of hostile text within the embed limits, escaped, none dropped silently', async () => {
    const hostile = '@everyone **b** `c` [x](https://evil.example) <@123> ~~s~~ # h';
    const lines = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0 ? `${i + 1}00g rice` : `${i + 1}00g ${hostile}`,
    );
    const message = await answerOf(commandPayload('recipe', lines.join(', ')));
    expectWithinEmbedLimits(message);
    const text = embedText(message);
    expect(text).not.toMatch(/@everyone/);
    // Markdown arrives escaped: no live link, bold or mention.
    expect(text).not.toMatch(/(?<!\\\\)\[x\]\(https/);
    expect(text).not.toMatch(/(?<!\\\\)<@123/);
    const shown = (text.match(/• \d+00g/g) ?? []).length;
    const more = [...text.matchAll(/…and (\d+) more lines?/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(shown + more).toBe(50);
  });

  it('shares a list by posting the card the button is on, credited, and marks the private copy', async () => {
    const answer = await answerOf(commandPayload('recipe', SPAG_BOL));
    const click = buttonPayload(LIST_SHARE_CUSTOM_ID, answer.embeds);
    const response = await postInteraction(harness, click);
    expect((response.body as { type: number }).type).toBe(7);
    const followUp = (await harness.fake.waitForWebhook(click.token, 'POST')).body as unknown as Message;
    expect(followUp.flags).toBeUndefined();
    expect(followUp.content).toBe(`Shared by <@${USER_ID}>`);
    expect(followUp.embeds).toEqual(answer.embeds);
  });
});

describe('Discord: the recipe form', () => {
  async function openForm(): Promise<Modal> {
    const response = await postInteraction(harness, commandPayload('recipe'));
    // The fake refuses (throws) any modal Discord would refuse.
    const body = response.body as { type: number; data: Modal };
    expect(body.type).toBe(9);
    return body.data;
  }

  it('answers /carbon recipe with no name with a modal (type 9): a paragraph box and a servings field', async () => {
    const modal = await openForm();
    expect(modal.custom_id).toBe(modalCustomId(FORMS.recipe));
    expect(
      modal.components.map((label) => [label.type, label.component.custom_id, label.component.style]),
    ).toEqual([
      [18, 'ingredients', 2],
      [18, 'servings', 1],
    ]);
  });

  it('answers the MODAL_SUBMIT privately, like any list, with the Share button', async () => {
    const modal = await openForm();
    const message = await answerOf(
      modalSubmitPayload(modal, {
        ingredients: '500g beef mince\n400g spaghetti\n1 onion\n2 x 400g tins chopped tomatoes',
        servings: '4',
      }),
    );
    expect(message.flags).toBe(64);
    expect(message.embeds[0]!.fields!.map((field) => field.name)).toContain(
      'Ingredients (whole recipe, for 4 servings)',
    );
    expect(message.components[0]!.components[0]!.custom_id).toBe(LIST_SHARE_CUSTOM_ID);
  });

  it('answers a submission that is not a recipe, or bad servings, with a clear private message', async () => {
    const modal = await openForm();
    const notRecipe = await answerOf(modalSubmitPayload(modal, { ingredients: 'hello there\nhow are you' }));
    expect(notRecipe.flags).toBe(64);
    expect(notRecipe.content).toMatch(/ingredient list/);
    const badServings = await answerOf(
      modalSubmitPayload(modal, { ingredients: '200g rice', servings: 'lots' }),
    );
    expect(badServings.content).toContain('number of servings');
  });
});

describe('Discord gateway mode: the recipe form over REST callbacks', () => {
  let gateway: Harness;
  beforeAll(async () => {
    const catalog = loadCatalog();
    gateway = await startHarness({
      mode: 'gateway',
      source: createCatalogSource(catalog),
      suggester: catalog,
    });
  });
  afterAll(() => gateway.stop());

  it('posts the modal as the callback (type 9) and answers its MODAL_SUBMIT', async () => {
    const command = commandPayload('recipe');
    gateway.fake.dispatch('INTERACTION_CREATE', command);
    // The fake refuses (400, not recorded) a callback body Discord would refuse.
    const opened = await gateway.fake.waitForCallback(command.id);
    expect(opened.body.type).toBe(9);
    const modal = opened.body.data as unknown as Modal;
    const submit = modalSubmitPayload(modal, {
      ingredients: '300g red lentils\n1 onion\n400ml coconut milk',
      servings: '3',
    });
    gateway.fake.dispatch('INTERACTION_CREATE', submit);
    const callback = await gateway.fake.waitForCallback(submit.id);
    const message =
      callback.body.type === 4
        ? (callback.body.data as unknown as Message)
        : ((await gateway.fake.waitForWebhook(submit.token, 'PATCH')).body as unknown as Message);
    expect(message.embeds[0]!.fields!.map((field) => field.name)).toContain(
      'Ingredients (whole recipe, for 3 servings)',
    );
  });
});

describe('the fake Discord refuses modals Discord would refuse (so the flow tests above mean something)', () => {
  const good = () => modalResponse(FORMS.recipe);

  it('accepts the bot’s modal', () => {
    expect(callbackProblem(good(), 2)).toBeNull();
  });

  it.each([
    ['a title over 45 characters', (m: Mutable) => (m.data.title = 'x'.repeat(46))],
    ['no components', (m: Mutable) => (m.data.components = [])],
    ['six components', (m: Mutable) => (m.data.components = Array(6).fill(m.data.components[0]))],
    ['a label inside a Label’s text input', (m: Mutable) => (m.data.components[0]!.component.label = 'x')],
    ['a text input over 4,000', (m: Mutable) => (m.data.components[0]!.component.max_length = 4001)],
    ['an unknown style', (m: Mutable) => (m.data.components[0]!.component.style = 3)],
  ])('refuses %s', (_label, spoil) => {
    const modal = structuredClone(good()) as unknown as Mutable;
    spoil(modal);
    expect(callbackProblem(modal, 2)).not.toBeNull();
  });

  it('refuses a modal in answer to a modal submission', () => {
    expect(callbackProblem(good(), 5)).not.toBeNull();
  });
});

type Mutable = {
  data: {
    title: string;
    components: { component: { label?: string; max_length?: number; style: number } }[];
  };
};
