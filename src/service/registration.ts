import { z } from 'zod';
import { defineRegistration } from '../config/registration.js';
import { optionalString } from '../config/schema.js';

/** `carbon serve`, the self-hosted footprint API, as an adapter: HTTP clients are its platform. */
export const serviceRegistration = defineRegistration({
  id: 'service',
  kind: 'http',
  label: 'self-hosted service',
  env: {
    /** The keys clients must send as x-api-key; empty when unset (one is then generated per run). */
    CARBON_SERVICE_KEYS: optionalString.transform((value, context) => {
      if (value === undefined) return [];
      const keys = value
        .split(',')
        .map((key) => key.trim())
        .filter((key) => key !== '');
      // Set but holding no key is a mistake; generating a key would hide it behind an open-looking
      // service that refuses every client the operator configured.
      if (keys.length === 0) {
        context.addIssue({
          code: 'custom',
          message:
            'holds no key, only commas or spaces; give comma-separated keys, or leave it unset to generate one',
        });
        return z.NEVER;
      }
      return keys;
    }),
  },
  secrets: ['CARBON_SERVICE_KEYS'],
  help: '`carbon serve` answers the GreenSwapp API from the built-in catalog; set CARBON_SERVICE_KEYS to the keys its clients send, or one is generated per run.',
});
