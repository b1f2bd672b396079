import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../src/store/data-dir-lock.js';
import { DatabaseStartError } from '../../src/store/errors.js';

const root = join(import.meta.dirname, '../..');

/** Another process holding the lock on `dir` until killed; resolves once it holds it. */
async function holder(dir: string) {
  const script = `import { lockDataDir } from './src/store/data-dir-lock.ts';
await lockDataDir(${JSON.stringify(dir)}, { retries: 0 });
process.stdout.write('locked\\n');
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`holder exited (${code}): ${stderr}`)));
  });
  return { child, exited };
}

describe('the data directory lock', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'carbon-lock-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a second process while the first runs, and is free at once after it is killed', async () => {
    const { child, exited } = await holder(dir);
    try {
      const refused = await lockDataDir(dir, { retries: 0 }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DatabaseStartError);
      expect((refused as Error).message).toContain('in use by another carbon process');
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    // Killed without a chance to release: its lock is left behind, but its process is gone.
    const release = await lockDataDir(dir, { retries: 0 });
    await release();
  });

  it('is free again after release, and refused to this process twice', async () => {
    const release = await lockDataDir(dir, { retries: 0 });
    await expect(lockDataDir(dir, { retries: 0 })).rejects.toThrow(/in use/);
    await release();
    const again = await lockDataDir(dir, { retries: 0 });
    await again();
  });

  it('takes over another host’s lock only once it has gone stale', async () => {
    const lock = join(dir, 'carbon.lock');
    await mkdir(lock);
    await writeFile(join(dir, 'carbon.lock.owner'), JSON.stringify({ pid: 1, host: 'another-host' }));
    await expect(lockDataDir(dir, { retries: 0 })).rejects.toThrow(/in use/);
    const minuteAgo = new Date(Date.now() - 60_000);
    await utimes(lock, minuteAgo, minuteAgo);
    const release = await lockDataDir(dir, { retries: 0 });
    await release();
  });

  it('refuses at once, without waiting for staleness, while the holder runs on this host', async () => {
    const { child, exited } = await holder(dir);
    try {
      let waited = false;
      // Retries as a real start has them: they are for locks this host cannot see, not this one.
      const refused = await lockDataDir(dir, {
        retries: 6,
        onWait: () => {
          waited = true;
        },
      }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DatabaseStartError);
      expect((refused as Error).message).toContain('in use by another carbon process');
      expect(waited).toBe(false);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
  });

  it('says it waits for another host’s lock before waiting', async () => {
    await mkdir(join(dir, 'carbon.lock'));
    await writeFile(join(dir, 'carbon.lock.owner'), JSON.stringify({ pid: 1, host: 'another-host' }));
    let waited = false;
    await expect(
      lockDataDir(dir, {
        retries: 0,
        onWait: () => {
          waited = true;
        },
      }),
    ).rejects.toThrow(/in use/);
    expect(waited).toBe(true);
  });
});
