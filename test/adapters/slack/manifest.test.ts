import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SLASH_COMMAND } from '../../../src/adapters/slack/handlers.js';
import { SLACK_EVENTS_PATH } from '../../../src/adapters/slack/index.js';
import { SLACK_BOT_SCOPES, SLACK_OAUTH_REDIRECT_PATH } from '../../../src/adapters/slack/oauth.js';

interface Manifest {
  display_information: {
    name: string;
    description: string;
    long_description?: string;
    background_color?: string;
  };
  features: {
    bot_user: { display_name: string };
    slash_commands: { command: string; url: string; description: string; usage_hint: string }[];
    shortcuts: { name: string; type: string; callback_id: string; description: string }[];
  };
  oauth_config: { redirect_urls: string[]; scopes: { bot: string[] } };
  settings: {
    event_subscriptions: { request_url: string; bot_events: string[] };
    interactivity: { is_enabled: boolean; request_url: string };
    socket_mode_enabled: boolean;
    token_rotation_enabled: boolean;
  };
}

const manifest = parse(readFileSync(new URL('../../../manifest.yml', import.meta.url), 'utf8')) as Manifest;

describe('manifest.yml', () => {
  it('declares the slash command the adapter listens to, pointing at its route', () => {
    const [command] = manifest.features.slash_commands;
    expect(command?.command).toBe(SLASH_COMMAND);
    expect(command?.url).toBe(`https://YOUR-HOST${SLACK_EVENTS_PATH}`);
    expect(command?.usage_hint).toBe('product oat milk | recipe lasagne | help');
    expect(manifest.settings.interactivity).toEqual({
      is_enabled: true,
      request_url: `https://YOUR-HOST${SLACK_EVENTS_PATH}`,
    });
  });

  it('declares the "Rate this menu" message shortcut (callback_id rate_menu)', () => {
    expect(manifest.features.shortcuts).toEqual([
      expect.objectContaining({ name: 'Rate this menu', type: 'message', callback_id: 'rate_menu' }),
    ]);
    // Slack limits a shortcut's description to 150 characters.
    expect(manifest.features.shortcuts[0]!.description.length).toBeLessThanOrEqual(150);
  });

  it('asks for the minimal scopes and defaults to HTTP mode', () => {
    // reactions:write: the vote adds a numbered reaction per option to the bot's own shared message.
    expect(manifest.oauth_config.scopes.bot.sort()).toEqual(['chat:write', 'commands', 'reactions:write']);
    expect(manifest.settings.socket_mode_enabled).toBe(false);
  });

  it('asks on every OAuth install for the scopes it declares', () => {
    expect([...SLACK_BOT_SCOPES].sort()).toEqual([...manifest.oauth_config.scopes.bot].sort());
  });

  it('covers distribution: the redirect URL of the install flow, and the events that delete a workspace’s data', () => {
    expect(manifest.oauth_config.redirect_urls).toEqual([`https://YOUR-HOST${SLACK_OAUTH_REDIRECT_PATH}`]);
    expect(manifest.settings.event_subscriptions).toEqual({
      request_url: `https://YOUR-HOST${SLACK_EVENTS_PATH}`,
      bot_events: ['app_uninstalled', 'tokens_revoked'],
    });
    // Off by default: a single workspace's SLACK_BOT_TOKEN could not be refreshed.
    expect(manifest.settings.token_rotation_enabled).toBe(false);
  });

  it('stays within the lengths Slack accepts', () => {
    const info = manifest.display_information;
    expect(info.name.length).toBeLessThanOrEqual(35);
    expect(info.description.length).toBeLessThanOrEqual(140);
    expect(info.long_description?.length ?? 175).toBeGreaterThanOrEqual(175);
    expect(info.long_description?.length ?? 0).toBeLessThanOrEqual(4000);
    expect(info.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.features.bot_user.display_name.length).toBeLessThanOrEqual(80);
    expect(manifest.features.slash_commands[0]?.description.length).toBeLessThanOrEqual(100);
  });
});
