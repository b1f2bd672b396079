import { loadCurated } from '../../src/sources/catalog/load.js';
import { TextNormaliser } from '../../src/sources/catalog/text.js';

/** The committed lexicon and brands, and a normaliser over them, as the catalog builds it. */
export function curatedText() {
  const { lexicon, brands } = loadCurated();
  return { lexicon, brands, text: new TextNormaliser(lexicon, brands) };
}
