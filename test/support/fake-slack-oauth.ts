import { randomBytes } from 'node:crypto';

/**
 * The OAuth side of the fake Slack (test/support/fake-slack.ts), as Slack documents it:
 * - `GET /oauth/v2/authorize` (docs.slack.dev/authentication/installing-with-oauth): the installing
 *   user approves (or denies) the app for a workspace, and Slack redirects the browser to the app's
 *   redirect URL with a one-time `code` and the `state` it was given;
 * - `oauth.v2.access` (docs.slack.dev/reference/methods/oauth.v2.access): the code, with the app's
 *   client id and secret (form fields or HTTP Basic), is exchanged once for the bot token, its
 *   scopes, the bot user and the workspace; with token rotation on, the token expires
 *   (`expires_in`, 12 hours by default) and comes with a `refresh_token`;
 * - the refresh grant (docs.slack.dev/authentication/using-token-rotation): `grant_type=refresh_token`
 *   gives a new token and a new refresh token; the refresh token used is revoked;
 * - the tokens it issued are checked on every Web API call: a revoked one (the app uninstalled)
 *   answers `invalid_auth`, an expired one `token_expired`, as Slack does.
 */

export interface FakeOAuthApp {
  clientId: string;
  clientSecret: string;
  /** The redirect URL configured for the app (manifest.yml's oauth_config.redirect_urls). */
  redirectUrl: string;
  /** Token rotation on: tokens expire after `expiresInS` and come with refresh tokens. */
  tokenRotation?: boolean;
  /** Seconds a rotating token lasts; Slack's is 43,200 (12 hours). */
  expiresInS?: number;
}

export interface FakeWorkspace {
  teamId: string;
  teamName: string;
  /** Who approves the install. */
  installerUserId: string;
  botUserId: string;
  botId: string;
}

interface IssuedToken {
  workspace: FakeWorkspace;
  expiresAtMs: number | null;
  revoked: boolean;
}

interface IssuedCode {
  workspace: FakeWorkspace;
  clientId: string;
  redirectUri: string | null;
  scopes: string[];
  used: boolean;
}

export interface AuthorizeRequest {
  clientId: string | null;
  scope: string | null;
  state: string | null;
  redirectUri: string | null;
}

export type OAuthResponse = { status: number; body: unknown; headers?: Record<string, string> };

const random = () => randomBytes(9).toString('base64url');

export class FakeSlackOAuth {
  app: FakeOAuthApp | null = null;
  /** Whoever approves the next install; `deny` makes them press Cancel. */
  private approver: FakeWorkspace | 'deny' | null = null;
  readonly authorizeRequests: AuthorizeRequest[] = [];
  /** Every oauth.v2.access call's grant, as received: for counting refreshes. */
  readonly grants: { grantType: string; ok: boolean; error?: string }[] = [];
  private readonly codes = new Map<string, IssuedCode>();
  private readonly tokens = new Map<string, IssuedToken>();
  private readonly refreshTokens = new Map<string, { workspace: FakeWorkspace; used: boolean }>();

  configure(app: FakeOAuthApp): void {
    this.app = app;
  }

  /** The next authorize request is approved by this workspace's installer (or denied). */
  approveAs(workspace: FakeWorkspace | 'deny'): void {
    this.approver = workspace;
  }

  /** `GET /oauth/v2/authorize`: the user's decision, as a redirect to the app. */
  authorize(query: URLSearchParams): OAuthResponse {
    const request: AuthorizeRequest = {
      clientId: query.get('client_id'),
      scope: query.get('scope'),
      state: query.get('state'),
      redirectUri: query.get('redirect_uri'),
    };
    this.authorizeRequests.push(request);
    const app = this.app;
    if (app === null || request.clientId !== app.clientId) {
      return { status: 400, body: { ok: false, error: 'invalid_client_id' } };
    }
    const redirect = new URL(request.redirectUri ?? app.redirectUrl);
    if (request.state !== null) redirect.searchParams.set('state', request.state);
    const approver = this.approver;
    this.approver = null;
    if (approver === null || approver === 'deny') {
      redirect.searchParams.set('error', 'access_denied');
    } else {
      const code = `${Date.now()}.${random()}`;
      this.codes.set(code, {
        workspace: approver,
        clientId: app.clientId,
        redirectUri: request.redirectUri,
        scopes: (request.scope ?? '').split(',').filter((scope) => scope !== ''),
        used: false,
      });
      redirect.searchParams.set('code', code);
    }
    return { status: 302, body: {}, headers: { location: redirect.toString() } };
  }

  /** `oauth.v2.access`: a code exchanged for tokens, or a refresh token for new ones. */
  access(args: Record<string, unknown>, authorization: string | undefined): Record<string, unknown> {
    const grantType = typeof args.grant_type === 'string' ? args.grant_type : 'authorization_code';
    const answer = (body: Record<string, unknown>) => {
      this.grants.push({
        grantType,
        ok: body.ok === true,
        ...(typeof body.error === 'string' ? { error: body.error } : {}),
      });
      return body;
    };
    const app = this.app;
    let clientId = args.client_id;
    let clientSecret = args.client_secret;
    if (authorization?.startsWith('Basic ')) {
      const [id, secret] = Buffer.from(authorization.slice('Basic '.length), 'base64').toString().split(':');
      clientId = id;
      clientSecret = secret;
    }
    if (app === null || clientId !== app.clientId) return answer({ ok: false, error: 'invalid_client_id' });
    if (clientSecret !== app.clientSecret) return answer({ ok: false, error: 'bad_client_secret' });
    if (grantType === 'refresh_token') return answer(this.refresh(app, args.refresh_token));
    if (grantType !== 'authorization_code') return answer({ ok: false, error: 'invalid_grant_type' });
    const code = typeof args.code === 'string' ? this.codes.get(args.code) : undefined;
    if (code === undefined || code.used || code.clientId !== clientId) {
      return answer({ ok: false, error: 'invalid_code' });
    }
    const redirectUri = typeof args.redirect_uri === 'string' ? args.redirect_uri : null;
    if (code.redirectUri !== null && redirectUri !== code.redirectUri) {
      return answer({ ok: false, error: 'bad_redirect_uri' });
    }
    code.used = true;
    const { workspace } = code;
    return answer({
      ok: true,
      app_id: 'A0000001',
      authed_user: { id: workspace.installerUserId },
      scope: code.scopes.join(','),
      token_type: 'bot',
      bot_user_id: workspace.botUserId,
      team: { id: workspace.teamId, name: workspace.teamName },
      enterprise: null,
      is_enterprise_install: false,
      ...this.issue(app, workspace),
    });
  }

  private refresh(app: FakeOAuthApp, refreshToken: unknown): Record<string, unknown> {
    const held = typeof refreshToken === 'string' ? this.refreshTokens.get(refreshToken) : undefined;
    if (held === undefined || held.used) return { ok: false, error: 'invalid_refresh_token' };
    held.used = true;
    const { workspace } = held;
    return {
      ok: true,
      app_id: 'A0000001',
      scope: 'commands,chat:write,reactions:write',
      token_type: 'bot',
      bot_user_id: workspace.botUserId,
      team: { id: workspace.teamId, name: workspace.teamName },
      enterprise: null,
      is_enterprise_install: false,
      ...this.issue(app, workspace),
    };
  }

  /** A new bot token for the workspace, rotating (with its refresh token) when the app rotates. */
  private issue(app: FakeOAuthApp, workspace: FakeWorkspace): Record<string, unknown> {
    const rotating = app.tokenRotation === true;
    const expiresInS = app.expiresInS ?? 43_200;
    const token = `${rotating ? 'xoxe.' : ''}xoxb-${workspace.teamId}-${random()}`;
    this.tokens.set(token, {
      workspace,
      expiresAtMs: rotating ? Date.now() + expiresInS * 1000 : null,
      revoked: false,
    });
    if (!rotating) return { access_token: token };
    const refresh = `xoxe-1-${workspace.teamId}-${random()}`;
    this.refreshTokens.set(refresh, { workspace, used: false });
    return { access_token: token, refresh_token: refresh, expires_in: expiresInS };
  }

  /**
   * Checks a Web API call's token: null when the fake did not issue it (the single-token tests' own
   * token), otherwise the workspace it belongs to, or the error Slack answers for it.
   */
  check(token: string | null): { workspace: FakeWorkspace } | { error: string } | null {
    const issued = token === null ? undefined : this.tokens.get(token);
    if (issued === undefined) return null;
    if (issued.revoked) return { error: 'invalid_auth' };
    if (issued.expiresAtMs !== null && issued.expiresAtMs <= Date.now()) return { error: 'token_expired' };
    return { workspace: issued.workspace };
  }

  /** auth.test for an issued token: the workspace and bot it belongs to. */
  identity(workspace: FakeWorkspace): Record<string, unknown> {
    return {
      ok: true,
      url: `https://${workspace.teamName.toLowerCase().replace(/\W+/g, '')}.slack.test/`,
      team: workspace.teamName,
      user: 'carbon',
      team_id: workspace.teamId,
      user_id: workspace.botUserId,
      bot_id: workspace.botId,
      is_enterprise_install: false,
    };
  }

  /** The app removed from a workspace: every token issued to it stops working. */
  revokeWorkspace(teamId: string): void {
    for (const token of this.tokens.values()) if (token.workspace.teamId === teamId) token.revoked = true;
    for (const refresh of this.refreshTokens.values())
      if (refresh.workspace.teamId === teamId) refresh.used = true;
  }

  /** The tokens issued to a workspace so far, newest last (for asserting; never printed). */
  tokensOf(teamId: string): string[] {
    return [...this.tokens].filter(([, token]) => token.workspace.teamId === teamId).map(([value]) => value);
  }

  /** Every authorisation code handed out (for asserting that none reaches a log). */
  issuedCodes(): string[] {
    return [...this.codes.keys()];
  }

  /** The refresh tokens issued to a workspace, and whether each has been used. */
  refreshTokensOf(teamId: string): { token: string; used: boolean }[] {
    return [...this.refreshTokens]
      .filter(([, refresh]) => refresh.workspace.teamId === teamId)
      .map(([token, refresh]) => ({ token, used: refresh.used }));
  }
}

/** A workspace for the fake to install into: ids derived from `teamId`. */
export function fakeWorkspace(teamId: string, teamName = `Team ${teamId}`): FakeWorkspace {
  const suffix = teamId.slice(1);
  return {
    teamId,
    teamName,
    installerUserId: `UINST${suffix}`,
    botUserId: `UBOT${suffix}`,
    botId: `BBOT${suffix}`,
  };
}
