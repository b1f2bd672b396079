import { defineRegistration } from '../../config/registration.js';
import { optionalString, optionalUrl, wholeNumber } from '../../config/schema.js';

/** The GreenSwapp lookup API (../shared/spec/carbon-lookup-api.md) as a source. */
export const apiRegistration = defineRegistration({
  id: 'api',
  kind: 'source',
  label: 'GreenSwapp API',
  env: {
    /** Sent as the x-api-key header and nowhere else. */
    CARBON_API_KEY: optionalString,
    /** The full product API (`/impact/product`); unset, products go to the milk-only trial. */
    CARBON_API_BASE_URL: optionalUrl,
    /** `/product` (milks only) and `/recipe`. */
    CARBON_API_TRIAL_URL: optionalUrl.transform((value) => value ?? 'https://trial.greenswapp.com'),
    /** One lookup's deadline, retries included. */
    CARBON_API_TIMEOUT_MS: wholeNumber(100, 120_000, 8_000, 'milliseconds'),
  },
  secrets: ['CARBON_API_KEY'],
  help: 'GreenSwapp API: set CARBON_API_KEY (CARBON_SOURCE=auto then uses it); CARBON_API_BASE_URL for the full product API, otherwise products come from the milk-only trial.',
});
