import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Tests never write to the developer's own data directory: the embedded database's default
 * (src/store/registration.ts, $XDG_DATA_HOME/carbon) points into a temporary directory for each
 * test file. Tests that open a database give CARBON_DATA_DIR themselves.
 */
process.env.XDG_DATA_HOME = mkdtempSync(join(tmpdir(), 'carbon-test-xdg-'));
