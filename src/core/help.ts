/** The help content, platform-neutral; renderers lay it out. */
export interface HelpView {
  hint: string | null;
  usage: { command: string; description: string }[];
  footer: string;
}

export function helpView(hint: string | null = null): HelpView {
  return {
    hint,
    usage: [
      {
        command: '/carbon product <name>',
        description: 'kg CO2e per kg (per litre for drinks), compared with its category',
      },
      {
        command: '/carbon recipe <name>',
        description: 'kg CO2e per serving, and whether it fits the 1.5 °C budget of 0.5 kg per meal',
      },
      {
        command: '/carbon recipe <ingredient list>',
        description:
          'a recipe worked out from its ingredients with amounts, e.g. "500g beef mince, 1 onion, serves 4"; /carbon recipe alone opens a form for longer ones',
      },
      {
        command: '/carbon compare <a>, <b>, <c>',
        description:
          '2 to 10 dishes or products ranked lowest carbon first (also `a vs b`, `… for 12 people`); share it, then put it to a vote',
      },
      {
        command: 'Rate this menu',
        description: 'on any message (its apps or more-actions menu): its lines compared as the options',
      },
      { command: '/carbon help', description: 'this message' },
    ],
    footer:
      'Examples: `/carbon product oat milk`, `/carbon recipe lasagne`, `/carbon compare lasagne, dal vs chicken curry`',
  };
}
