import { createPublicKey, type KeyObject, verify } from 'node:crypto';

/** DER SubjectPublicKeyInfo header for a raw 32-byte Ed25519 key (RFC 8410). */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export function ed25519PublicKey(hex: string): KeyObject {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error('Discord public key must be 64 hex characters');
  return createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(hex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
}

export type SignatureVerifier = (
  signature: string | undefined,
  timestamp: string | undefined,
  body: Buffer,
) => boolean;

/**
 * Discord signs every interaction request: Ed25519 over the X-Signature-Timestamp header followed
 * by the raw body, with the application's public key. Anything else is rejected before parsing.
 */
export function createSignatureVerifier(publicKeyHex: string): SignatureVerifier {
  const key = ed25519PublicKey(publicKeyHex);
  return (signature, timestamp, body) => {
    if (signature === undefined || timestamp === undefined || timestamp === '') return false;
    if (!/^[0-9a-fA-F]{128}$/.test(signature)) return false;
    try {
      return verify(
        null,
        Buffer.concat([Buffer.from(timestamp, 'utf8'), body]),
        key,
        Buffer.from(signature, 'hex'),
      );
    } catch {
      return false;
    }
  };
}
