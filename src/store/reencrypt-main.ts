/**
 * `npm run store:reencrypt` (node dist/store/reencrypt-main.js): the key-rotation step. With the new
 * key in CARBON_ENCRYPTION_KEY and the old one in CARBON_ENCRYPTION_KEY_PREVIOUS, moves every stored
 * token to the new key, then says how many rows changed; afterwards the old key can be removed
 * (docs/deploy.md, "The encryption key"). On the embedded database, stop the bot first: the data
 * directory is one process's at a time.
 */
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config/env.js';
import { openStore } from './open.js';
import { reencryptSecrets } from './reencrypt.js';
import { cipherFromConfig } from './token-cipher.js';

export async function reencryptMain(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const config = loadConfig(env);
  const cipher = cipherFromConfig(config, 're-encrypting stored tokens');
  const store = await openStore(config);
  try {
    const { installations, users } = await reencryptSecrets(store.database, cipher);
    return `re-encrypted with the current key: ${installations} installation(s), ${users} user token row(s) (${store.database.kind} database at ${store.database.location})`;
  } finally {
    await store.close();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  reencryptMain().then(
    (message) => process.stdout.write(`${message}\n`),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
