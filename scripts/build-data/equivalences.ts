/**
 * data/equivalences.json: the factor behind "about N km in an average car".
 *
 * Input: US EPA, "Tailpipe Greenhouse Gas Emissions from a Typical Passenger Vehicle" (EPA-420-F-23-014,
 * June 2023): a typical passenger vehicle emits about 400 g of CO2 per mile (8,887 g CO2 per gallon of
 * petrol at 22.2 miles per gallon). Tailpipe CO2 only: methane, nitrous oxide and refrigerant leaks add
 * a few percent, so the equivalent errs towards more kilometres, never fewer than the car would need.
 * A mile is 1.609344 km exactly (international yard and pound agreement, 1959).
 */
import { type EquivalencesFile, EquivalencesFileSchema } from '../../src/compare/equivalence.js';

const GRAMS_CO2_PER_MILE = 400;
const KM_PER_MILE = 1.609344;

export function buildEquivalences(): EquivalencesFile {
  return EquivalencesFileSchema.parse({
    carKm: {
      kgCo2ePerKm: Math.round((GRAMS_CO2_PER_MILE / 1000 / KM_PER_MILE) * 10_000) / 10_000,
      label: 'km driven in an average car',
      citation:
        'US EPA, Tailpipe Greenhouse Gas Emissions from a Typical Passenger Vehicle (EPA-420-F-23-014, 2023): about 400 g CO2 per mile',
      url: 'https://www.epa.gov/greenvehicles/greenhouse-gas-emissions-typical-passenger-vehicle',
    },
  });
}
