import { describe, expect, it } from 'vitest';
import { resultView } from '../../src/core/view.js';
import { renderDiscord } from '../../src/render/discord.js';
import { renderSlack } from '../../src/render/slack.js';
import { renderText } from '../../src/render/text.js';
import { loadCatalog } from '../../src/sources/catalog/index.js';
import { resultReply } from '../support/sample-results.js';
import { allText } from './slack-fixtures.js';

/**
 * Every surface says where its figure comes from and what the other datasets say: the view model's
 * sentence, laid out by each renderer (issue #20), over real catalog answers.
 */
const catalog = loadCatalog();

describe('the basis and range of an answer, on every surface', () => {
  const steak = catalog.findProduct('beef steak');
  const basis =
    '28.9 kg CO2e per kg in France (ADEME Agribalyse 3.2); global average 99.5 for "Beef (beef herd)" (Poore & Nemecek 2018; median 59.6), UK products 130 for "Beef steak" (Clark et al. 2022).';

  it('is one sentence in the view model, headline first', () => {
    expect(resultView(steak).basis).toBe(basis);
  });

  it('is in the text card, the Slack card and the Discord embed', () => {
    expect(renderText(resultReply(steak))).toContain(`Figures: ${basis}`);
    // Slack's mrkdwn carries & as an entity.
    expect(allText(renderSlack(resultReply(steak)))).toContain(basis.replaceAll('&', '&amp;'));
    const embed = renderDiscord(resultReply(steak)).embeds[0]!;
    expect(embed.description).toContain('global average 99.5 for "Beef (beef herd)"');
  });

  it('says so where no independent study has the food', () => {
    const comte = catalog.findProduct('comte');
    expect(resultView(comte).basis).toMatch(/^6.38 kg CO2e per kg in France \(ADEME Agribalyse 3.2\); /);
    const basisOf = (query: string) => resultView(catalog.findProduct(query)).basis;
    expect(basisOf('sea salt')).toMatch(
      /no independent figure: Poore & Nemecek 2018 and Clark et al. 2022 have no entry for this food\.$/,
    );
  });

  it("leads with a study's own entry for a food the catalog lacks, on every surface, saying the catalog has none", () => {
    const halloumi = catalog.findProduct('halloumi');
    const basis =
      '16.2 kg CO2e per kg, UK products (Clark et al. 2022); ADEME Agribalyse 3.2 has no figure for this food, and Poore & Nemecek 2018 has no entry for it.';
    const view = resultView(halloumi);
    expect(view).toMatchObject({
      title: 'Halloumi cheese',
      askedFor: 'halloumi',
      value: 16.17,
      basis,
      swap: null,
    });
    expect(view.source.label).toBe('Built-in catalog (Clark et al. 2022)');
    const text = renderText(resultReply(halloumi));
    expect(text).toContain(`Figures: ${basis}`);
    expect(text).toContain('Clark et al. (2022), PNAS');
    expect(allText(renderSlack(resultReply(halloumi)))).toContain(basis.replaceAll('&', '&amp;'));
    const embed = renderDiscord(resultReply(halloumi)).embeds[0]!;
    expect(embed.description).toContain('ADEME Agribalyse 3.2 has no figure for this food');
  });

  it("gives a dish's figure on every dataset and the verdict they reach together", () => {
    const rice = catalog.findRecipe('egg fried rice');
    const view = resultView(rice);
    expect(view.basis).toMatch(
      /^0.39 kg CO2e per serving in France \(ADEME Agribalyse 3.2\); global average 0.7\d+/,
    );
    expect(rice.climateFriendly.value).toBe('depends');
    expect(view.verdict!.text).toMatch(
      /^Depends on the data: within the 0.5 kg CO2e budget per serving \(WWF One Planet Plate\) on ADEME Agribalyse 3.2 \(0.39 kg\), over it on Poore & Nemecek 2018/,
    );
    expect(renderText(resultReply(rice))).toContain(view.verdict!.text);
    expect(allText(renderSlack(resultReply(rice)))).toContain('⚖️ Depends on the data');
  });
});
