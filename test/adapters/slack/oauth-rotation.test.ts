import type { Installation, InstallationQuery, InstallationStore } from '@slack/oauth';
import { describe, expect, it } from 'vitest';
import { RefreshOnceInstallationStore } from '../../../src/adapters/slack/oauth-rotation.js';
import { MemoryStateStore } from '../../../src/core/state/memory-store.js';

type AnyInstallation = Installation<'v2', false>;
const NOW_MS = 1_800_000_000_000;
const query: InstallationQuery<false> = { teamId: 'T1', enterpriseId: undefined, isEnterpriseInstall: false };

function installation(refreshToken: string, expiresInS: number): AnyInstallation {
  return {
    team: { id: 'T1' },
    enterprise: undefined,
    isEnterpriseInstall: false,
    user: { id: 'U1', token: undefined, scopes: undefined },
    bot: {
      id: 'B1',
      userId: 'UB1',
      token: `xoxe.xoxb-${refreshToken}`,
      scopes: ['commands'],
      refreshToken,
      expiresAt: NOW_MS / 1000 + expiresInS,
    },
    tokenType: 'bot',
    authVersion: 'v2',
  };
}

/**
 * The workspace's installation as stored, with reads that can be served from a snapshot taken
 * earlier: a request that read the installation just before another request stored a refreshed one.
 */
class SnapshotStore implements InstallationStore {
  staleReads: AnyInstallation[] = [];
  constructor(public current: AnyInstallation) {}
  async storeInstallation(value: Installation): Promise<void> {
    this.current = value as AnyInstallation;
  }
  async fetchInstallation(): Promise<AnyInstallation> {
    return structuredClone(this.staleReads.shift() ?? this.current);
  }
}

describe('RefreshOnceInstallationStore', () => {
  it('gives the refresh to one request, and the current token without a refresh token to another meanwhile', async () => {
    const inner = new SnapshotStore(installation('R1', 3_600));
    const store = new RefreshOnceInstallationStore(inner, new MemoryStateStore({ now: () => NOW_MS }), {
      now: () => NOW_MS,
    });
    const first = await store.fetchInstallation(query);
    const second = await store.fetchInstallation(query);
    expect(first.bot?.refreshToken).toBe('R1');
    expect(second.bot?.refreshToken).toBeUndefined();
    expect(second.bot?.token).toBe('xoxe.xoxb-R1');
  });

  it('never hands out a refresh token another request has already spent, when it read before that refresh was stored', async () => {
    const inner = new SnapshotStore(installation('R1', 3_600));
    const claims = new MemoryStateStore({ now: () => NOW_MS });
    const store = new RefreshOnceInstallationStore(inner, claims, { now: () => NOW_MS });
    // Request A claims the refresh, spends R1 and stores the new pair, which releases its claim.
    expect((await store.fetchInstallation(query)).bot?.refreshToken).toBe('R1');
    const stale = installation('R1', 3_600);
    await store.storeInstallation(installation('R2', 12 * 3_600));
    // Request B had read the installation before A stored the new pair.
    inner.staleReads.push(stale);
    const b = await store.fetchInstallation(query);
    expect(b.bot?.refreshToken).toBe('R2');
    expect(b.bot?.token).toBe('xoxe.xoxb-R2');
    // B found nothing to refresh, so it left no claim behind: the next refresh is not held up.
    await store.storeInstallation(installation('R2', 60));
    expect((await store.fetchInstallation(query)).bot?.refreshToken).toBe('R2');
  });
});
