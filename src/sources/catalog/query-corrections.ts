import type { ModifierReader } from './modifiers.js';
import { NeighbourTypos } from './neighbour-typos.js';
import type { FoodIndex } from './search-index.js';
import type { CorrectedToken } from './typo-correction.js';

/** Per word as typed, the catalog word its neighbours say it is (see NeighbourTypos). */
export type Corrections = ReadonlyMap<string, CorrectedToken>;
const NO_CORRECTIONS: Corrections = new Map();

/** The catalog word each word of a query stands for: as typed, or a typo read beside its neighbours. */
export class QueryCorrector {
  private readonly neighbourTypos: NeighbourTypos;

  constructor(
    private readonly index: FoodIndex,
    private readonly packWords: ReadonlySet<string>,
    private readonly modifiers: ModifierReader,
  ) {
    this.neighbourTypos = new NeighbourTypos(index.variants);
  }

  /** Typos read beside their neighbours ("pad tai", "fish and chiips"), by the word as typed. */
  neighbourCorrections(tokens: readonly string[]): Corrections {
    let corrections: Map<string, CorrectedToken> | undefined;
    tokens.forEach((token, at) => {
      // A word the lexicon reads ("shark": an animal) is that word, as in the re-ranker.
      if (this.packWords.has(token) || this.modifiers.valueKeys(token).length > 0) return;
      // A word as typed is itself; a typo's neighbour decides between the words it could be.
      if (this.index.correct(token)?.similarity === 1) return;
      const corrected = this.neighbourTypos.correct(tokens, at);
      if (corrected === null) return;
      corrections ??= new Map();
      corrections.set(token, corrected);
    });
    return corrections ?? NO_CORRECTIONS;
  }

  /** The catalog word a query word stands for, read beside its neighbours first. */
  correct(token: string, typos: Corrections): CorrectedToken | null {
    return typos.get(token) ?? this.index.correct(token);
  }
}
