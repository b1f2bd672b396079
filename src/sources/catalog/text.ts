import pluralize from 'pluralize';
import { foldText } from '../../core/fold.js';
import type { Brand, Lexicon } from './lexicon.js';
import { PhraseTable } from './phrase-table.js';

/**
 * Text normalisation shared by the index (food names, aliases, synonyms) and lookups (user queries),
 * so both sides reduce to the same tokens: folded, phrases and spellings unified, singular, no stop
 * words. Inflection comes from `pluralize`; the lexicon only lists its exceptions.
 */

const UNIT =
  '(?:g|gr|grs|gram|grams|gramme|grammes|kg|kgs|kilo|kilos|mg|ml|cl|dl|l|lt|ltr|litre|litres|liter|liters|oz|fl ?oz|lb|lbs|pound|pounds|pt|pts|pint|pints|gal|gallon|gallons|pk|pack|packs|pc|pcs|pce|piece|pieces|ct|count|x)';
/** Pack sizes and quantities: "415g", "1.5 l", "6x330ml", "2 pints", "x6", "4 pack", a bare number. */
const QUANTITY = new RegExp(
  `\\b(?:\\d+(?:[.,]\\d+)?\\s*x\\s*)?\\d+(?:[.,]\\d+)?\\s*${UNIT}\\b|\\bx\\s*\\d+\\b|\\b\\d+(?:[.,]\\d+)?(?![\\d.,]*\\s*%)\\b`,
  'g',
);

/** Far above the catalog's own vocabulary (about 3,500 words), small in memory. */
const MAX_CACHED_SINGULARS = 50_000;

export interface QueryText {
  /** Tokens of the query with quantities, brands and marketing words removed. */
  tokens: string[];
  /** Tokens of the part that names the food, before any " in …"/" with …": its last word is the head. */
  headTokens: string[];
  /** Brands named in the query, in order. */
  brands: Brand[];
  /** The query ends with a vessel after what it holds ("coffee mug"): it names the vessel. */
  vessel: boolean;
}

export class TextNormaliser {
  private readonly stopWords: ReadonlySet<string>;
  private readonly marketingWords: ReadonlySet<string>;
  private readonly spellings: ReadonlyMap<string, string>;
  private readonly phrases: ReadonlyMap<string, string>;
  private readonly phraseTable: PhraseTable;
  private readonly brandTable: PhraseTable;
  private readonly brandBySpelling: ReadonlyMap<string, Brand>;
  private readonly uncountable: ReadonlySet<string>;
  private readonly vesselWords: ReadonlySet<string>;
  private readonly singularCache = new Map<string, string>();
  /** Percentages that appear in catalog names ("70%"), set by the index. */
  readonly knownPercentages = new Set<string>();

  constructor(lexicon: Lexicon, brands: readonly Brand[]) {
    this.stopWords = new Set(lexicon.stopWords);
    this.marketingWords = new Set(lexicon.marketingWords);
    this.spellings = new Map(Object.entries(lexicon.spellings));
    this.phrases = new Map(Object.entries(lexicon.phrases));
    this.phraseTable = new PhraseTable(this.phrases.keys());
    this.uncountable = new Set(lexicon.inflection.uncountable);
    this.vesselWords = new Set(lexicon.vesselWords);
    // pluralize keeps its rules globally; adding the same rule twice is harmless.
    for (const [singular, plural] of lexicon.inflection.irregular)
      pluralize.addIrregularRule(singular, plural);
    const bySpelling = new Map<string, Brand>();
    for (const brand of brands) for (const spelling of brand.match) bySpelling.set(spelling, brand);
    this.brandBySpelling = bySpelling;
    this.brandTable = new PhraseTable(bySpelling.keys());
  }

  private singular(word: string): string {
    if (word.length <= 3 || this.uncountable.has(word) || /\d/.test(word)) return word;
    let cached = this.singularCache.get(word);
    if (cached === undefined) {
      cached = pluralize.singular(word);
      // Users' words reach here too: a long-running service must not grow without bound.
      if (this.singularCache.size >= MAX_CACHED_SINGULARS) this.singularCache.clear();
      this.singularCache.set(word, cached);
    }
    return cached;
  }

  /** One canonical token for a folded word, or null for a stop word. */
  canonical(word: string): string | null {
    if (word === '' || this.stopWords.has(word)) return null;
    const direct = this.spellings.get(word);
    const token = direct ?? this.spellings.get(this.singular(word)) ?? this.singular(word);
    return this.stopWords.has(token) ? null : token;
  }

  private rewritePhrases(folded: string): string {
    const unquoted = folded.replace(/'s\b/g, '').replace(/'/g, '').replace(/-/g, ' ');
    return this.phraseTable.replace(unquoted, (phrase) => ` ${this.phrases.get(phrase)} `);
  }

  private tokenise(text: string, dropMarketing: boolean): string[] {
    const tokens: string[] = [];
    for (const word of text.split(/[^a-z0-9%]+/)) {
      if (word === '' || word === '%') continue;
      if (dropMarketing && this.marketingWords.has(word)) continue;
      // A query's percentage the catalog has no name with is a pack detail ("0% fat", "100% juice").
      if (dropMarketing && word.endsWith('%') && !this.knownPercentages.has(word)) continue;
      const token = this.canonical(word);
      if (token !== null && !(dropMarketing && this.marketingWords.has(token))) tokens.push(token);
    }
    return tokens;
  }

  /** Tokens of a catalog name (food names, aliases, synonyms, dish names). */
  nameTokens(name: string): string[] {
    return this.tokenise(this.rewritePhrases(foldText(name)), false);
  }

  private readonly catalogCache = new Map<string, readonly string[]>();

  /**
   * nameTokens for the catalog's own names, remembered: building the indexes reads each name several
   * times. Not for user text, which would grow the cache without bound.
   */
  catalogTokens(name: string): readonly string[] {
    let tokens = this.catalogCache.get(name);
    if (tokens === undefined) {
      tokens = this.nameTokens(name);
      this.catalogCache.set(name, tokens);
    }
    return tokens;
  }

  /** Every catalog name tokenised so far and its tokens, in the order first seen (for the data build). */
  catalogTokenTable(): { names: string[]; tokens: (readonly string[])[] } {
    return { names: [...this.catalogCache.keys()], tokens: [...this.catalogCache.values()] };
  }

  /**
   * Remembers tokens of catalog names worked out ahead by the data build with this lexicon
   * (data/name-tokens.json), so that loading the catalog does not tokenise every name again.
   */
  rememberCatalogTokens(names: readonly string[], tokens: readonly (readonly string[])[]): void {
    for (let i = 0; i < names.length; i++) this.catalogCache.set(names[i]!, tokens[i]!);
  }

  /** Tokens of a name prefix typed into an autocomplete box: no singularising of the last, partial word. */
  prefixWords(prefix: string): string[] {
    const words = foldText(prefix)
      .split(/[^a-z0-9%]+/)
      .filter((word) => word !== '');
    // The last word may be the start of any word ("a" → "apple"), so only earlier ones are filtered.
    return words.filter((word, i) => i === words.length - 1 || !this.stopWords.has(word));
  }

  /** A user's query: quantities, brands and marketing words removed; the brands kept aside. */
  query(query: string): QueryText {
    // US lean/fat ratios: "ground beef 80/20" is 20% fat.
    const folded = foldText(query).replace(
      /\b(\d{2})\s*\/\s*(\d{1,2})\b/g,
      (ratio, lean: string, fat: string) => (Number(lean) + Number(fat) === 100 ? ` ${fat}% fat ` : ratio),
    );
    // Brand spellings are words and single spaces: "Irn-Bru" and "Häagen-Dazs" are "irn bru", "haagen dazs",
    // and "Ben & Jerry's" (folded to "ben  and  jerry's") is "ben and jerrys".
    const unquoted = folded
      .replace(/'s\b/g, 's')
      .replace(/'/g, '')
      .replace(/(?<=[a-z])-(?=[a-z])/g, ' ')
      .replace(/\s+/g, ' ');
    const brands: Brand[] = [];
    const withoutBrands = this.brandTable.replace(unquoted, (spelling) => {
      const brand = this.brandBySpelling.get(spelling);
      if (brand !== undefined && !brands.includes(brand)) brands.push(brand);
      return ' , ';
    });
    const text = this.rewritePhrases(withoutBrands.replace(QUANTITY, ' '));
    const cut = text.search(/\s(?:in|with|w|on|for|from|to)\s/);
    const tokens = this.tokenise(text, true);
    const headTokens = cut > 0 ? this.tokenise(text.slice(0, cut), true) : tokens;
    const words = text.split(/[^a-z0-9%]+/).filter((word) => word !== '');
    const last = words.at(-1);
    const vessel = words.length > 1 && last !== undefined && this.vesselWords.has(this.singular(last));
    return { tokens, headTokens, brands, vessel };
  }

  /** [variant, canonical] spelling pairs, so that typo correction can aim at the variant people type. */
  spellingPairs(): [string, string][] {
    return [...this.spellings];
  }
}
