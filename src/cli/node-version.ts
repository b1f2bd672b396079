/**
 * The oldest Node.js this package runs on, as package.json's `engines` says: undici 8 (the API
 * source's HTTP client) and vitest 5 need 22.19 or later. Checked before anything else is imported,
 * so an older Node.js gets one line saying what to install instead of a stack trace from a
 * dependency that fails to load.
 */
export const MINIMUM_NODE = [22, 19] as const;

/** The message for a Node.js older than MINIMUM_NODE, or null when `version` ("22.19.0") is recent enough. */
export function unsupportedNode(version: string): string | null {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [needMajor, needMinor] = MINIMUM_NODE;
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null;
  return `carbon needs Node.js ${needMajor}.${needMinor} or later (this is ${version}); install Node.js 22 or 24 LTS.`;
}
