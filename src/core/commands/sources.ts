import type { Dataset } from '../datasets.js';
import type { InfoView } from './answer.js';
import { defineCommand } from './define.js';
import { SURFACES } from './surface.js';

/** The datasets behind the figures and their licences, as data/datasets.json lists them. */
export function sourcesView(datasets: readonly Dataset[]): InfoView {
  return {
    title: 'Where the figures come from',
    intro: `${datasets.length} dataset${datasets.length === 1 ? '' : 's'}, with their licences.`,
    items: datasets.map((dataset) => ({
      heading: `${dataset.name} (${dataset.year}, ${dataset.region})`,
      lines: [`Used for ${dataset.usedFor}.`, `Licence: ${dataset.licence}`, dataset.attribution],
      link: { label: dataset.licence, url: dataset.licenceUrl },
    })),
    footer: null,
  };
}

export const sourcesCommand = defineCommand({
  name: 'sources',
  aliases: ['licences', 'licenses'],
  summary: 'The datasets behind the figures, and their licences',
  surfaces: SURFACES,
  option: null,
  messageAction: null,
  usage: [{ args: null, description: 'the datasets behind the figures, and their licences' }],
  examples: [''],
  parse: () => ({ input: {} }),
  handle: async (_input: Record<string, never>, { datasets }) => {
    const list = datasets();
    return {
      type: 'info',
      info: sourcesView(list),
      data: { datasets: list.map((dataset) => ({ ...dataset })) },
    };
  },
});
