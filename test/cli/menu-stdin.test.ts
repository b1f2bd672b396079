import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readUpTo } from '../../src/cli/command.js';
import { MENU_TEXT_MAX } from '../../src/core/commands/menu.js';
import { BIN, ensureBuilt } from './run-cli.js';

/**
 * `carbon menu` reads the message on standard input up to its limit and no further: a pipe that
 * never ends (`yes | carbon menu`) is answered, not read into memory until the process dies.
 */

describe('carbon menu on standard input', () => {
  it('answers a pipe that never ends, and closes it', async () => {
    ensureBuilt();
    const cwd = mkdtempSync(join(tmpdir(), 'carbon-cli-'));
    const child = spawn(process.execPath, [BIN, 'menu', '--json'], {
      cwd,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: cwd,
        XDG_DATA_HOME: join(cwd, 'xdg-data'),
        CARBON_SOURCE: 'catalog',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    // Writes for as long as the child reads, as `yes` does; stops when the pipe is closed.
    let written = 0;
    let pipeClosed = false;
    child.stdin.on('error', () => {
      pipeClosed = true;
    });
    const line = 'Lasagne\n- Dal\n- Fish pie\n'.repeat(1_000);
    const write = (): void => {
      while (!pipeClosed && child.exitCode === null) {
        written += line.length;
        if (!child.stdin.write(line)) {
          child.stdin.once('drain', write);
          return;
        }
      }
    };
    write();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ kind: 'compare', status: 'ranked' });
    // It stopped reading near its limit, not at the end of an endless stream.
    expect(written).toBeLessThan(100 * MENU_TEXT_MAX);
  });

  it('reads a stream up to one character past the limit, and a short one whole', async () => {
    const long = new PassThrough();
    long.end('x'.repeat(50));
    expect(await readUpTo(long, 10)).toBe('x'.repeat(11));
    const short = new PassThrough();
    short.end('dal\nlasagne\n');
    expect(await readUpTo(short, 10_000)).toBe('dal\nlasagne\n');
  });
});
