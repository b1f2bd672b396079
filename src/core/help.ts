/**
 * The help content, worded for one surface (core/commands/help.ts builds it from the command
 * registry); renderers lay it out. `hint`, usage descriptions and the footer are the bot's own text,
 * in which `code` spans are code.
 */
export interface HelpView {
  hint: string | null;
  usage: { command: string; description: string }[];
  footer: string;
}
