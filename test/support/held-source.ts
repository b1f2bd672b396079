import type { LookupOptions, LookupSource } from '../../src/core/source.js';

/**
 * A real source whose lookups can be held until the test releases them: a slow upstream without
 * sleeping, so the adapters' deferred paths run with real answers.
 */
export class HeldSource implements LookupSource {
  readonly id: LookupSource['id'];
  private gate: Promise<void> | null = null;
  private release: (() => void) | null = null;

  constructor(private readonly inner: LookupSource) {
    this.id = inner.id;
  }

  hold(): void {
    this.gate = new Promise((resolve) => {
      this.release = resolve;
    });
  }

  open(): void {
    this.release?.();
    this.gate = null;
  }

  async lookupProduct(name: string, options?: LookupOptions) {
    await this.wait(options?.signal);
    return this.inner.lookupProduct(name, options);
  }

  async lookupRecipe(name: string, options?: LookupOptions) {
    await this.wait(options?.signal);
    return this.inner.lookupRecipe(name, options);
  }

  private wait(signal: AbortSignal | undefined): Promise<void> {
    return passGate(this.gate, signal);
  }
}

/**
 * Waits until a held gate opens (nothing to wait for when null); like a real source, gives up with
 * the signal's reason when it aborts first.
 */
export async function passGate(gate: Promise<void> | null, signal: AbortSignal | undefined): Promise<void> {
  if (gate === null) return;
  if (signal === undefined) return gate;
  signal.throwIfAborted();
  let onAbort = (): void => {};
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([gate, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
