import { readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import lockfile from 'proper-lockfile';
import { DatabaseStartError } from './errors.js';

/**
 * One process per data directory: the embedded database has no locking of its own, and two
 * processes writing one PGlite directory corrupt it. proper-lockfile's lock is a directory whose
 * mtime the holder refreshes, so it also holds across containers sharing a volume (another host's
 * lock is taken over only once it has gone stale). On the same host, a lock whose process is gone
 * is taken over at once, so a restart after a crash does not wait for staleness.
 */
export interface DataDirLockOptions {
  /** A lock not refreshed for this long is abandoned; 20 s. */
  staleMs?: number;
  /** Time spent waiting for a held lock to go stale before giving up; about the staleness. */
  retries?: number;
  /** Called when the lock is held by a process this host cannot see, just before waiting for it to go stale. */
  onWait?: () => void;
}

/** Past this, proper-lockfile's holder is taken as gone; it refreshes the lock every quarter of it. */
const STALE_MS = 20_000;

/** Data directories this process holds: its own second open is refused, not taken for a dead owner's. */
const held = new Set<string>();

interface Owner {
  pid: number;
  host: string;
}

/** Takes the data directory's lock; resolves to its release. */
export async function lockDataDir(
  dataDir: string,
  options: DataDirLockOptions = {},
): Promise<() => Promise<void>> {
  const directory = resolve(dataDir);
  if (held.has(directory)) throw inUse(dataDir);
  const lockPath = join(dataDir, 'carbon.lock');
  const ownerPath = join(dataDir, 'carbon.lock.owner');
  const staleMs = options.staleMs ?? STALE_MS;
  const take = (wait: boolean) =>
    lockfile.lock(dataDir, {
      lockfilePath: lockPath,
      stale: staleMs,
      update: staleMs / 4,
      realpath: false,
      retries:
        !wait || options.retries === 0
          ? 0
          : { retries: options.retries ?? 6, factor: 1.5, minTimeout: 1_000, maxTimeout: 8_000 },
      // The lock was lost (its refresh failed, or another process took it as stale): carrying on
      // could corrupt the database, so the process stops and its supervisor starts it again.
      onCompromised: (error) => {
        throw new DatabaseStartError(`lost the lock on the data directory ${dataDir}`, { cause: error });
      },
    });
  let release: () => Promise<void>;
  try {
    // Once at once; when held, the owner decides: gone, taken over now; running on this host, refused
    // now (it keeps its lock fresh, so waiting would only end in the same refusal some 20 s later);
    // elsewhere or unknown, waited for until its lock goes stale.
    release = await take(false).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ELOCKED') throw error;
      const owner = await ownerState(ownerPath);
      if (owner === 'running here') throw error;
      if (owner === 'gone') {
        await rm(lockPath, { recursive: true, force: true });
        return take(false);
      }
      options.onWait?.();
      return take(true);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOCKED') throw inUse(dataDir);
    throw new DatabaseStartError(`cannot lock the data directory ${dataDir}`, { cause: error });
  }
  const owner: Owner = { pid: process.pid, host: hostname() };
  await writeFile(ownerPath, JSON.stringify(owner), { mode: 0o600 });
  held.add(directory);
  return async () => {
    held.delete(directory);
    await rm(ownerPath, { force: true });
    await release().catch(() => {});
  };
}

function inUse(dataDir: string): DatabaseStartError {
  return new DatabaseStartError(
    `the data directory ${dataDir} is in use by another carbon process: run one process per CARBON_DATA_DIR, or set DATABASE_URL to share a PostgreSQL database between replicas`,
  );
}

/**
 * `gone` when the lock's owner ran on this host and its process no longer runs (or is this one);
 * `running here` when it runs on this host; `unknown` for another host's, or an unreadable owner file.
 * The owner file is written just after the lock is taken, so in that millisecond a file left by a
 * crashed holder could be read for a live one; it takes a crash and two starts on one host within it.
 */
async function ownerState(ownerPath: string): Promise<'gone' | 'running here' | 'unknown'> {
  let owner: Owner;
  try {
    owner = JSON.parse(await readFile(ownerPath, 'utf8')) as Owner;
  } catch {
    return 'unknown';
  }
  if (owner.host !== hostname() || !Number.isInteger(owner.pid)) return 'unknown';
  // A container restarted keeps its host name and gets the same pid: the owner was this process's
  // previous life (this process's own locks are in `held` and never reach here).
  if (owner.pid === process.pid) return 'gone';
  try {
    process.kill(owner.pid, 0);
    return 'running here';
  } catch (error) {
    // EPERM: a process of another user has that pid, so it runs.
    return (error as NodeJS.ErrnoException).code === 'ESRCH' ? 'gone' : 'running here';
  }
}
