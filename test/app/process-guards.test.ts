import { describe, expect, it } from 'vitest';
import { runModuleScript } from '../support/module-script.js';

const guards = new URL('../../src/app/process-guards.ts', import.meta.url).href;
const logging = new URL('../../src/logging/logger.ts', import.meta.url).href;

/** Runs `body` in a child process with the guards installed; stopping prints "stopped". */
async function runGuarded(body: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const script = runModuleScript(`
    const { installProcessGuards } = await import(${JSON.stringify(guards)});
    const { createLogger } = await import(${JSON.stringify(logging)});
    installProcessGuards(createLogger({ level: 'info' }), async () => { process.stdout.write('stopped\\n'); });
    ${body}`);
  const code = await script.closed;
  return { code, stdout: script.stdout(), stderr: script.stderr() };
}

describe('installProcessGuards', () => {
  it('logs an unhandled rejection and keeps the process running', async () => {
    const { code, stdout, stderr } = await runGuarded(`
      Promise.reject(new Error('lost promise'));
      setTimeout(() => { process.stdout.write('still alive\\n'); process.exit(0); }, 200);`);
    expect(code).toBe(0);
    expect(stdout).toContain('still alive');
    expect(stdout).not.toContain('stopped');
    expect(stderr).toContain('unhandled promise rejection; still running');
    expect(stderr).toContain('lost promise');
  });

  it('logs an uncaught exception, stops cleanly and exits 1', async () => {
    const { code, stdout, stderr } = await runGuarded(`
      setTimeout(() => { throw new Error('kaboom'); }, 10);
      setInterval(() => {}, 1000);`);
    expect(code).toBe(1);
    expect(stdout).toContain('stopped');
    expect(stderr).toContain('uncaught exception; stopping');
    expect(stderr).toContain('kaboom');
  });
});
