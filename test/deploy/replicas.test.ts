import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, type LongRunningCli, startCli } from '../cli/run-cli.js';
import {
  openTestPostgres,
  POSTGRES_REQUIRED,
  postgresUnavailable,
  type TestPostgres,
} from '../support/databases.js';
import { type FakeDiscord, startFakeDiscord } from '../support/fake-discord.js';
import { buttonPayload, compareCommandPayload } from '../support/fake-discord-payloads.js';
import { FakeSlack } from '../support/fake-slack.js';
import {
  interactionForm,
  buttonPayload as slackButton,
  slashCommandForm,
} from '../support/fake-slack-payloads.js';

/**
 * Two `carbon start` processes (Slack over HTTP, Discord HTTP interactions, against the local fakes)
 * on one PostgreSQL database, behind a real nginx, as docs/deploy.md describes replicas: a button
 * pressed on the replica that did not make its comparison works, so does one pressed after both
 * restart, a Slack retry delivered to the other replica is not processed again, and limits hold
 * across both.
 *
 * The proxy spreads requests round-robin; a test picks the replica with the `X-Carbon-Replica`
 * header (a test-only route in this nginx configuration), so that "the other replica" is certain.
 *
 * Needs PostgreSQL (as the other database tests) and nginx. CI (.ci/run) installs nginx when it is
 * absent and sets CARBON_REQUIRE_NGINX=1, so there a missing one fails; elsewhere the suite is
 * skipped, saying why.
 */

const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
const NGINX_REQUIRED = process.env.CARBON_REQUIRE_NGINX === '1';
const missing = [
  postgresUnavailable,
  NGINX === undefined ? 'nginx is not installed (apt-get install nginx-light)' : null,
].filter((reason): reason is string => reason !== null);
const required =
  (postgresUnavailable !== null && POSTGRES_REQUIRED) || (NGINX === undefined && NGINX_REQUIRED);

const SIGNING_SECRET = 'replicas-signing-secret-0123456789';
const TEAM = 'T0000001';
/** Above the Discord flow's commands by its one user, so only the limit test meets it. */
const USER_LIMIT = 10;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function nginxConf(prefix: string, listen: number, replicas: readonly number[]): string {
  return `
daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  client_max_body_size 256k;
  client_body_buffer_size 256k;
  upstream carbon_bots { ${replicas.map((port) => `server 127.0.0.1:${port};`).join(' ')} }
  upstream replica_one { server 127.0.0.1:${replicas[0]}; }
  upstream replica_two { server 127.0.0.1:${replicas[1]}; }
  map $http_x_carbon_replica $pool {
    default carbon_bots;
    one replica_one;
    two replica_two;
  }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://$pool;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_connect_timeout 1s;
      proxy_read_timeout 10s;
    }
  }
}
`;
}

/** Ed25519 over timestamp + body, as Discord signs interactions. */
function discordSigner() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const der = publicKey.export({ format: 'der', type: 'spki' });
  return {
    publicKeyHex: der.subarray(der.length - 32).toString('hex'),
    sign: (timestamp: string, body: string) =>
      sign(null, Buffer.from(timestamp + body), privateKey).toString('hex'),
  };
}

const suite = missing.length === 0 || required ? describe : describe.skip;
if (missing.length > 0 && !required) {
  process.stderr.write(`\n[skipped] replicas behind nginx: ${missing.join('; ')}\n`);
}

suite(`two replicas on one PostgreSQL, behind nginx${missing.length > 0 ? ` (skipped: ${missing.join('; ')})` : ''}`, () => {
  let postgres: TestPostgres;
  let slack: FakeSlack;
  let discord: FakeDiscord;
  let nginx: ChildProcess | null = null;
  let prefix: string;
  let proxy: string;
  const ports: number[] = [];
  let replicas: LongRunningCli[] = [];
  const signer = discordSigner();

  const startReplicas = async () => {
    replicas = ports.map((port) =>
      startCli(['start'], {
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
          CARBON_SOURCE: 'catalog',
          DATABASE_URL: postgres.url,
          SLACK_BOT_TOKEN: 'xoxb-replicas-token',
          SLACK_SIGNING_SECRET: SIGNING_SECRET,
          SLACK_API_URL: slack.apiUrl,
          DISCORD_PUBLIC_KEY: signer.publicKeyHex,
          DISCORD_API_URL: discord.apiUrl,
          CARBON_LIMIT_USER_PER_MINUTE: String(USER_LIMIT),
        },
      }),
    );
    // Both migrate the same fresh schema at once: the migrator's lock makes one apply, one wait.
    await Promise.all(replicas.map((replica) => replica.waitFor(/carbon running/)));
  };

  const stopReplicas = async () => {
    const runs = await Promise.all(replicas.map((replica) => replica.stop('SIGTERM')));
    for (const run of runs) expect(run.code).toBe(0);
    return runs;
  };

  beforeAll(async () => {
    if (missing.length > 0) {
      throw new Error(
        `required here (CARBON_REQUIRE_POSTGRES / CARBON_REQUIRE_NGINX), yet: ${missing.join('; ')}`,
      );
    }
    ensureBuilt();
    postgres = await openTestPostgres();
    slack = await new FakeSlack().start();
    discord = await startFakeDiscord();
    ports.push(await freePort(), await freePort());
    await startReplicas();
    prefix = await mkdtemp(join(tmpdir(), 'carbon-nginx-'));
    const listen = await freePort();
    await writeFile(join(prefix, 'nginx.conf'), nginxConf(prefix, listen, ports));
    const check = spawnSync(NGINX!, ['-t', '-p', prefix, '-c', join(prefix, 'nginx.conf')], {
      encoding: 'utf8',
    });
    if (check.status !== 0) throw new Error(`nginx refused the configuration: ${check.stderr}`);
    nginx = spawn(NGINX!, ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { stdio: 'ignore' });
    proxy = `http://127.0.0.1:${listen}`;
    for (let attempt = 0; ; attempt++) {
      const ready = await fetch(`${proxy}/readyz`).catch(() => null);
      if (ready?.status === 200) break;
      if (attempt > 100) throw new Error('nginx did not come up');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop('SIGTERM')));
    nginx?.kill('SIGTERM');
    await slack?.close();
    await discord?.stop();
    await postgres?.cleanup();
    if (prefix !== undefined) await rm(prefix, { recursive: true, force: true });
  }, 60_000);

  const slackPost = (
    replica: 'one' | 'two',
    form: string,
    headers: Record<string, string> = {},
    timestampS?: number,
  ) =>
    slack.send(`${proxy}/slack/events`, form, SIGNING_SECRET, {
      headers: { 'x-carbon-replica': replica, ...headers },
      ...(timestampS === undefined ? {} : { timestampS }),
    });

  async function discordPost(replica: 'one' | 'two', payload: { id: string; token: string; type: number }) {
    discord.expectHttpResponse(payload.token);
    const body = JSON.stringify(payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const response = await fetch(`${proxy}/discord/interactions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-carbon-replica': replica,
        'x-signature-ed25519': signer.sign(timestamp, body),
        'x-signature-timestamp': timestamp,
      },
      body,
    });
    const text = await response.text();
    const json = text === '' ? null : (JSON.parse(text) as { type: number; data: Message });
    if (response.status === 200) discord.recordHttpResponse(payload, json);
    return { status: response.status, json };
  }

  type Message = { components: { components: { custom_id: string }[] }[]; embeds: unknown[]; poll?: unknown };
  const customIds = (message: Message) =>
    message.components.flatMap((row) => row.components.map((c) => c.custom_id));
  type SlackCard = { blocks: { elements?: { action_id?: string; value?: string }[] }[] };
  const slackShareValue = (card: SlackCard) =>
    card.blocks
      .flatMap((block) => block.elements ?? [])
      .find((element) => element.action_id === 'carbon_compare_share')?.value;

  /** A Discord comparison made on replica one before the restart, shared after it. */
  let keptForAfterRestart: { customId: string; embeds: unknown[] };
  /** A Slack comparison too long for its button (kept in the database), shared after the restart. */
  let slackKept: string;

  it('runs a Discord comparison’s Share and vote on the replica that did not make it', async () => {
    const made = await discordPost('one', compareCommandPayload('lasagne, dal, chicken curry'));
    expect(made.status).toBe(200);
    const share = customIds(made.json!.data)[0]!;
    const click = buttonPayload(share, made.json!.data.embeds);
    expect((await discordPost('two', click)).json?.type).toBe(7);
    const shared = await discord.waitForWebhook(click.token, 'POST');
    const vote = customIds(shared.body as unknown as Message)[0]!;
    const poll = await discordPost('one', buttonPayload(vote, []));
    expect(poll.json?.data.poll).toBeDefined();
    // A second press, on the other replica: pointed to the poll, no second poll.
    const again = await discordPost('two', buttonPayload(vote, []));
    expect(again.json?.data.poll).toBeUndefined();
    expect(JSON.stringify(again.json)).toContain('already up for a vote in this channel');

    const later = await discordPost('one', compareCommandPayload('tofu stir fry, beef burger'));
    keptForAfterRestart = { customId: customIds(later.json!.data)[0]!, embeds: later.json!.data.embeds };
  });

  it('does not process a Slack retry or replay again when it reaches the other replica', async () => {
    const url = slack.responseUrl();
    const form = slashCommandForm('product oat milk', url, { team_id: TEAM, user_id: 'URETRY01' });
    const timestampS = Math.floor(Date.now() / 1000);
    const first = await slackPost('one', form, {}, timestampS);
    expect(JSON.stringify(first.json)).toContain('Oat');
    const retry = await slackPost('two', form, {
      'x-slack-retry-num': '1',
      'x-slack-retry-reason': 'http_timeout',
    });
    const replay = await slackPost('two', form, {}, timestampS);
    for (const repeat of [retry, replay]) {
      expect(repeat.status).toBe(200);
      expect(repeat.text).toBe('');
    }
    expect(
      (await replicas[1]!.waitFor(/interaction already answered \(a retry or a replay\); dropped/)).index,
    ).toBeGreaterThanOrEqual(0);

    // A comparison too long for a button value: its Share carries an id kept in the database.
    const options = Array.from(
      { length: 10 },
      (_, i) =>
        `(${100 + i * 50}g beef mince, 400g spaghetti, 1 onion, 2 x 400g tins chopped tomatoes, 2 tbsp olive oil, 100g cheddar cheese, 1 carrot, 2 garlic cloves, 200ml milk, 50g butter, 1 celery stick, serves 4)`,
    );
    const long = await slackPost(
      'one',
      slashCommandForm(`compare ${options.join(', ')}`, slack.responseUrl(), {
        team_id: TEAM,
        user_id: 'ULONG001',
      }),
    );
    slackKept = slackShareValue(long.json as unknown as SlackCard)!;
    expect(JSON.parse(slackKept)).toMatchObject({ id: expect.any(String) });
  });

  it('holds a user’s limit across both replicas', async () => {
    const statuses: string[] = [];
    for (let i = 0; i <= USER_LIMIT; i++) {
      const answer = await slackPost(
        i % 2 === 0 ? 'one' : 'two',
        slashCommandForm('product tofu', slack.responseUrl(), { team_id: TEAM, user_id: 'ULIMIT01' }),
      );
      statuses.push(JSON.stringify(answer.json).includes('Slow down') ? 'slowed' : 'answered');
    }
    expect(statuses).toEqual([...Array(USER_LIMIT).fill('answered'), 'slowed']);
    // Another user is not held back.
    const other = await slackPost(
      'two',
      slashCommandForm('product tofu', slack.responseUrl(), { team_id: TEAM, user_id: 'ULIMIT02' }),
    );
    expect(JSON.stringify(other.json)).not.toContain('Slow down');
  });

  it('keeps Share buttons working after both replicas restart', async () => {
    await stopReplicas();
    await startReplicas();

    const click = buttonPayload(keptForAfterRestart.customId, keptForAfterRestart.embeds);
    expect((await discordPost('two', click)).json?.type).toBe(7);
    await discord.waitForWebhook(click.token, 'POST');

    const url = slack.responseUrl('action');
    await slackPost(
      'two',
      interactionForm(slackButton('carbon_compare_share', slackKept, url, 'USHARE01', 'C0000777')),
    );
    const posted = await slack.nextWebApiCall('chat.postMessage', (call) => call.args.channel === 'C0000777');
    expect(JSON.stringify(posted.args.blocks)).toContain('Shared by');
  }, 120_000);
});
