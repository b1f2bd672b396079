import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { CARBON_COMMAND, MESSAGE_COMMANDS } from '../../../src/adapters/discord/commands.js';
import { usageText } from '../../../src/cli/usage.js';
import { PROGRAM_VERBS } from '../../../src/cli/verbs.js';
import { parseCommandText } from '../../../src/core/commands/parse.js';
import { BARE_COMMAND, COMMANDS, commandsOn, helpView } from '../../../src/core/commands/registry.js';
import { SURFACES } from '../../../src/core/commands/surface.js';
import { REPO_ROOT } from '../../cli/run-cli.js';

/** Every surface's commands, options and help come from the registry (src/core/commands). */
describe('every surface is held to the command registry', () => {
  it('Discord registers one subcommand per command it offers, with the registry’s option', () => {
    const offered = commandsOn('discord');
    expect(CARBON_COMMAND.options.map((sub) => sub.name)).toEqual(offered.map((command) => command.name));
    for (const command of offered) {
      const sub = CARBON_COMMAND.options.find((each) => each.name === command.name)!;
      expect(sub.description).toBe(command.summary);
      expect(sub.description.length).toBeLessThanOrEqual(100);
      if (command.option === null) {
        expect(sub.options).toBeUndefined();
        continue;
      }
      expect(sub.options).toEqual([
        expect.objectContaining({
          name: command.option.name,
          required: command.option.required,
          min_length: command.option.minLength,
          max_length: command.option.maxLength,
        }),
      ]);
      expect(sub.options?.[0]?.description.length).toBeLessThanOrEqual(100);
      expect('autocomplete' in sub.options![0]!).toBe(command.option.autocomplete !== null);
    }
  });

  it('Discord’s message commands and Slack’s shortcut are the registry’s message actions', () => {
    const actions = COMMANDS.flatMap((command) =>
      command.messageAction === null ? [] : [command.messageAction],
    );
    expect(MESSAGE_COMMANDS.map((command) => command.name)).toEqual(actions.map((action) => action.name));
    const manifest = parseYaml(readFileSync(join(REPO_ROOT, 'manifest.yml'), 'utf8')) as {
      features: { shortcuts: { name: string; type: string }[] };
    };
    expect(
      manifest.features.shortcuts.filter((shortcut) => shortcut.type === 'message').map((s) => s.name),
    ).toEqual(actions.map((action) => action.name));
  });

  it('every verb and alias a surface offers is read as its command there, and nowhere else', () => {
    for (const surface of SURFACES) {
      for (const command of COMMANDS) {
        for (const verb of [command.name, ...command.aliases]) {
          const parsed = parseCommandText(`${verb.toUpperCase()} ${command.examples[0] ?? ''}`, surface);
          const read = 'request' in parsed ? parsed.request.command : 'form';
          if (command.surfaces.includes(surface)) {
            expect(read, `${verb} on ${surface}`).toBe(command.name === 'help' ? 'help' : command.name);
          } else {
            expect(read, `${verb} on ${surface}`).not.toBe(command.name);
          }
        }
      }
    }
  });

  it('help on each surface lists every command it offers, spelled as that surface types it', () => {
    for (const surface of SURFACES) {
      const help = helpView(surface);
      const labels = help.usage.map((line) => line.command).join('\n');
      for (const command of commandsOn(surface)) {
        const verb = command === BARE_COMMAND ? '<name>' : command.name;
        expect(labels, `${command.name} on ${surface}`).toContain(verb);
      }
      const chat = surface === 'slack' || surface === 'discord';
      expect(labels.includes('/carbon'), surface).toBe(chat);
      expect(labels.includes('Rate this menu'), surface).toBe(chat);
      expect(/\bform\b/.test(JSON.stringify(help)), surface).toBe(chat);
      expect(help.footer).toMatch(/^Examples: `/);
    }
  });

  it('the command line’s usage has every CLI command and program verb, and no chat wording', () => {
    const usage = usageText();
    for (const command of commandsOn('cli')) {
      expect(usage).toContain(command === BARE_COMMAND ? 'carbon <name>' : `carbon ${command.name}`);
    }
    for (const verb of PROGRAM_VERBS) expect(usage).toContain(`carbon ${verb.name}`);
    expect(usage).not.toMatch(/\/carbon (product|recipe|compare|help)|Rate this menu|opens a form/);
  });

  it('no module outside the registry reads a verb out of command text', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? files(join(dir, entry.name))
          : entry.name.endsWith('.ts')
            ? [join(dir, entry.name)]
            : [],
      );
    const verbs = COMMANDS.flatMap((command) => [command.name, ...command.aliases]).join('|');
    // A regular expression that reads a verb at the start of the text (after blanks, a slash or
    // "carbon"), as the six parsers before the registry did: /^\s*\/?(?:carbon\s+)?recipes?(?=\s)/.
    const verbPattern = new RegExp(String.raw`/\^(?:\\s[*+]|\\/\?|\(\?:carbon\\s\+\)\?)*(?:${verbs})`);
    const offenders = files(join(REPO_ROOT, 'src'))
      .filter((file) => !file.includes(join('src', 'core', 'commands')))
      .filter((file) => verbPattern.test(readFileSync(file, 'utf8')));
    expect(offenders.map((file) => relative(REPO_ROOT, file))).toEqual([]);
    // The pattern does find such a parser.
    expect(verbPattern.test(String.raw`const RECIPE_VERB = /^\s*\/?(?:carbon\s+)?recipes?(?=\s)/i;`)).toBe(
      true,
    );
    expect(verbPattern.test(String.raw`const match = /^\s*compare(?:\s+|$)/i.exec(text);`)).toBe(true);
  });
});
