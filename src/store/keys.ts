/** Key naming is part of core's state contract (src/core/state/keys.ts); the stores use the same names. */
export { type WorkspacePlatform, workspaceKey, workspaceKeyPrefix } from '../core/state/keys.js';
