import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { openEmbeddedDatabase } from '../../src/store/embedded.js';
import { migrate } from '../../src/store/migrate.js';
import { reencryptMain } from '../../src/store/reencrypt-main.js';
import { SqlInstallationStore } from '../../src/store/slack-installations.js';
import { TokenCipher } from '../../src/store/token-cipher.js';
import { makeEmbeddedDataDir } from '../support/databases.js';

describe('npm run store:reencrypt', () => {
  it('moves stored tokens to the new key, after which the old key is no longer needed', async () => {
    const dataDir = await makeEmbeddedDataDir();
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const query = { teamId: 'T1', enterpriseId: undefined, isEnterpriseInstall: false } as const;
    try {
      let db = await openEmbeddedDatabase({ dataDir, lock: { retries: 0 } });
      await migrate(db);
      await new SqlInstallationStore(db, new TokenCipher(oldKey)).storeInstallation({
        team: { id: 'T1' },
        enterprise: undefined,
        user: { id: 'U1', token: undefined, scopes: undefined },
        isEnterpriseInstall: false,
        authVersion: 'v2',
        bot: { token: 'xoxb-rotate-me', scopes: ['commands'], id: 'B1', userId: 'U0BOT' },
      });
      await db.close();

      const env = {
        CARBON_DATA_DIR: dataDir,
        DATABASE_URL: '',
        CARBON_ENCRYPTION_KEY: newKey.toString('base64'),
        CARBON_ENCRYPTION_KEY_PREVIOUS: oldKey.toString('base64'),
      };
      expect(await reencryptMain(env)).toMatch(
        /re-encrypted with the current key: 1 installation\(s\), 0 user token row\(s\) \(embedded database/,
      );
      expect(await reencryptMain(env)).toMatch(/: 0 installation\(s\)/);

      db = await openEmbeddedDatabase({ dataDir, lock: { retries: 0 } });
      expect(
        (await new SqlInstallationStore(db, new TokenCipher(newKey)).fetchInstallation(query)).bot?.token,
      ).toBe('xoxb-rotate-me');
      await db.close();
      await expect(reencryptMain({ CARBON_DATA_DIR: dataDir, DATABASE_URL: '' })).rejects.toThrow(
        /CARBON_ENCRYPTION_KEY is not set/,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
