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
    await this.gate;
    return this.inner.lookupProduct(name, options);
  }

  async lookupRecipe(name: string, options?: LookupOptions) {
    await this.gate;
    return this.inner.lookupRecipe(name, options);
  }
}
