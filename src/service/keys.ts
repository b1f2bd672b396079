import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Accepted API keys, held only as SHA-256 digests. Comparing fixed-length digests with
 * timingSafeEqual means neither a key's content nor its length leaks through response timing.
 */
export class KeyRing {
  private readonly digests: Buffer[];

  constructor(keys: readonly string[]) {
    if (keys.length === 0) throw new Error('the service needs at least one API key');
    this.digests = keys.map(digest);
  }

  accepts(candidate: string | undefined): boolean {
    if (candidate === undefined || candidate === '') return false;
    const presented = digest(candidate);
    let accepted = false;
    // No early exit: the time taken must not depend on which key matched.
    for (const known of this.digests) {
      if (timingSafeEqual(presented, known)) accepted = true;
    }
    return accepted;
  }
}

function digest(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** 32 random bytes, URL-safe, so the key can be pasted into a header or an env file as is. */
export function generateKey(): string {
  return randomBytes(32).toString('base64url');
}

export interface ResolvedKeys {
  keys: string[];
  /** Set when no keys were configured and one was generated for this run. */
  generated: string | null;
}

export function resolveKeys(configured: readonly string[]): ResolvedKeys {
  if (configured.length > 0) return { keys: [...configured], generated: null };
  const key = generateKey();
  return { keys: [key], generated: key };
}
