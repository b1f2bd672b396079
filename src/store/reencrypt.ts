import { installationContext, userContext } from './slack-installations.js';
import type { Database } from './sql.js';
import type { TokenCipher } from './token-cipher.js';

export interface Reencrypted {
  installations: number;
  users: number;
}

/**
 * The key-rotation step: every sealed value not under the current key (CARBON_ENCRYPTION_KEY) is
 * opened with the previous key that sealed it (CARBON_ENCRYPTION_KEY_PREVIOUS) and sealed again with
 * the current one, in one transaction, rows locked as they are read. Afterwards the previous keys can
 * be removed. Running it again changes nothing.
 */
export async function reencryptSecrets(db: Database, cipher: TokenCipher): Promise<Reencrypted> {
  return db.transaction(async (tx) => {
    let installations = 0;
    const { rows } = await tx.query<{ id: string; secrets: string }>(
      'SELECT id, secrets FROM slack_installations ORDER BY id FOR UPDATE',
    );
    for (const row of rows) {
      if (cipher.isCurrent(row.secrets)) continue;
      const context = installationContext(row.id);
      const resealed = cipher.seal(cipher.open(row.secrets, context), context);
      await tx.query('UPDATE slack_installations SET secrets = $2 WHERE id = $1', [row.id, resealed]);
      installations++;
    }
    let users = 0;
    const { rows: userRows } = await tx.query<{ installation_id: string; user_id: string; secrets: string }>(
      'SELECT installation_id, user_id, secrets FROM slack_installation_users ORDER BY installation_id, user_id FOR UPDATE',
    );
    for (const row of userRows) {
      if (cipher.isCurrent(row.secrets)) continue;
      const context = userContext(row.installation_id, row.user_id);
      const resealed = cipher.seal(cipher.open(row.secrets, context), context);
      await tx.query(
        'UPDATE slack_installation_users SET secrets = $3 WHERE installation_id = $1 AND user_id = $2',
        [row.installation_id, row.user_id, resealed],
      );
      users++;
    }
    return { installations, users };
  });
}
