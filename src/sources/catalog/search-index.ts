import MiniSearch from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';
import { PostingLists } from './retrieval.js';
import type { TextNormaliser } from './text.js';
import { type CorrectedToken, TypoCorrector } from './typo-correction.js';

/**
 * Full-text retrieval over catalog entries (products or dishes), each known by several names, on
 * MiniSearch: BM25 term weighting with per-field boosts, prefix search for autocomplete, and its radix
 * tree for typo correction. The re-ranker (rerank.ts) then scores the candidates it returns.
 */

/** Where a name comes from, in decreasing order of trust. */
export type NameKind = 'name' | 'alias' | 'synonym' | 'related';
const NAME_KINDS: readonly NameKind[] = ['name', 'alias', 'synonym', 'related'];

export interface IndexedName {
  text: string;
  kind: NameKind;
}

export interface IndexEntry {
  names: readonly IndexedName[];
  /** Words that describe the entry without naming it (a dish's ingredients), for modifier checks. */
  describedBy?: readonly string[];
}

export interface Variant {
  tokens: readonly string[];
  set: ReadonlySet<string>;
  kind: NameKind;
  /** The name's head words: what the food is, as against what qualifies it. */
  heads: readonly string[];
  /** Each token's weight (see FoodIndex.weight), and their sum. */
  weights: readonly number[];
  totalWeight: number;
}

/**
 * MiniSearch field boosts: a curated alias says what people call the food, an Agribalyse name what it
 * is; Open Food Facts synonyms are many and looser, its proxy names looser still.
 */
const FIELD_BOOST: Record<NameKind, number> = { name: 2, alias: 3, synonym: 1.5, related: 0.7 };
/** See FoodIndex.retrieve. */
const COMMON_SHARE = 0.05;

const NAME_CONNECTORS = /^(?:with|w|in|on|for|from)\b/i;

/** The part of a name before its first comma: "Almond" in "Almond, raw". */
function firstPart(name: string): string {
  const comma = name.indexOf(',');
  return comma < 0 ? name : name.slice(0, comma);
}

/** The tokens without repeats, first occurrence kept; the same array when none repeats (most names). */
function distinct(tokens: readonly string[]): readonly string[] {
  for (let i = 1; i < tokens.length; i++) {
    if (tokens.lastIndexOf(tokens[i]!, i - 1) >= 0) return [...new Set(tokens)];
  }
  return tokens;
}

/** An entry's MiniSearch document: per kind of name, its names' tokens joined by spaces ("" if none). */
function searchDocument(variants: readonly Variant[], id: number): Record<string, string | number> {
  const document: Record<NameKind | 'id', string | number> = {
    id,
    name: '',
    alias: '',
    synonym: '',
    related: '',
  };
  for (const variant of variants) {
    const words = variant.tokens.join(' ');
    const previous = document[variant.kind];
    document[variant.kind] = previous === '' ? words : `${previous} ${words}`;
  }
  return document;
}

export class FoodIndex {
  readonly variants: Variant[][];
  readonly describedBy: ReadonlySet<string>[];
  /** Words that name a food of their own ("cashew", "oat", "almond"). */
  readonly foodWords = new Set<string>();
  /** Per entry: the words of its own name and curated aliases together. */
  readonly trustedWords: ReadonlySet<string>[];
  /**
   * Per entry: the words that name the food itself: its Agribalyse name before the first comma, and its
   * one-word names ("grey" in "Sea salt, grey" only describes it).
   */
  private readonly itselfWords: ReadonlySet<string>[];
  /** Token → number of entries with it. */
  private readonly documentFrequency = new Map<string, number>();
  private readonly vocabulary = new SearchableMap<number>();
  private readonly search: MiniSearch<Record<string, string | number>>;
  private readonly packWords: ReadonlySet<string>;
  private readonly typos: TypoCorrector;

  constructor(
    entries: readonly IndexEntry[],
    private readonly text: TextNormaliser,
    packWords: Iterable<string>,
  ) {
    this.packWords = new Set(packWords);
    this.variants = [];
    this.describedBy = [];
    this.itselfWords = [];
    this.trustedWords = [];
    // One pass over the entries fills every per-entry table: the normaliser remembers each catalog name,
    // so a name is normalised once however many tables read it.
    const counted = new Set<string>();
    for (const entry of entries) {
      const variants = this.variantsOf(entry.names);
      this.variants.push(variants);
      const described = new Set<string>();
      for (const phrase of entry.describedBy ?? []) {
        for (const token of text.catalogTokens(phrase)) described.add(token);
      }
      this.describedBy.push(described);
      // A one-word name, or the one-word first part of an Agribalyse name ("Almond, ..."), is a food.
      for (const name of entry.names) {
        if (name.kind === 'related') continue;
        const tokens = text.catalogTokens(name.kind === 'name' ? firstPart(name.text) : name.text);
        if (tokens.length === 1) this.foodWords.add(tokens[0]!);
      }
      const first = entry.names[0];
      const itself = new Set(text.catalogTokens(first === undefined ? '' : firstPart(first.text)));
      const trusted = new Set<string>();
      counted.clear();
      for (const variant of variants) {
        if (variant.kind !== 'related' && variant.tokens.length === 1) itself.add(variant.tokens[0]!);
        const isTrusted = variant.kind === 'name' || variant.kind === 'alias';
        for (const token of variant.tokens) {
          if (isTrusted) {
            trusted.add(token);
            // What every name with the word is: the heads they all share.
            const heads = this.headsWith.get(token);
            if (heads === undefined) this.headsWith.set(token, new Set(variant.heads));
            else for (const head of heads) if (!variant.heads.includes(head)) heads.delete(head);
          }
          if (!counted.has(token)) {
            counted.add(token);
            this.documentFrequency.set(token, (this.documentFrequency.get(token) ?? 0) + 1);
          }
        }
      }
      this.itselfWords.push(itself);
      this.trustedWords.push(trusted);
      for (const token of trusted) {
        const named = this.entriesNamedBy.get(token);
        if (named === undefined) this.entriesNamedBy.set(token, [this.trustedWords.length - 1]);
        else named.push(this.trustedWords.length - 1);
      }
    }
    for (const [token, frequency] of this.documentFrequency) {
      this.vocabulary.set(token, frequency);
      if (token.endsWith('%')) text.knownPercentages.add(token);
    }
    for (const variants of this.variants) {
      for (const variant of variants) {
        const weights: number[] = [];
        let totalWeight = 0;
        for (const token of variant.tokens) {
          const weight = this.weight(token);
          weights.push(weight);
          totalWeight += weight;
        }
        variant.weights = weights;
        variant.totalWeight = totalWeight;
      }
    }
    // Spelling variants the normaliser rewrites ("aubergine" → "eggplant") are typo targets too.
    for (const [variant, canonical] of text.spellingPairs()) {
      const frequency = this.documentFrequency.get(canonical);
      if (frequency !== undefined && !this.vocabulary.has(variant)) this.vocabulary.set(variant, frequency);
    }

    this.typos = new TypoCorrector(this.vocabulary, text);

    this.search = new MiniSearch({
      fields: [...NAME_KINDS],
      // Documents arrive tokenised by TextNormaliser, so both sides share one normalisation.
      tokenize: (field) => field.split(' '),
      processTerm: (term) => (term === '' ? null : term),
      searchOptions: { boost: FIELD_BOOST, combineWith: 'OR' },
    });
    for (const [id, variants] of this.variants.entries()) this.search.add(searchDocument(variants, id));
  }

  /**
   * An entry's names as token lists. Names reading the same once normalised are one name, the most
   * trusted kept ("Apples", "apple").
   */
  private variantsOf(names: readonly IndexedName[]): Variant[] {
    const variants: Variant[] = [];
    const seen = new Set<string>();
    for (const name of names) {
      const tokens = distinct(this.text.catalogTokens(name.text));
      if (tokens.length === 0) continue;
      const key = tokens.join(' ');
      if (seen.has(key)) continue;
      seen.add(key);
      const heads = this.headsOf(name);
      variants.push({ tokens, set: new Set(tokens), kind: name.kind, heads, weights: [], totalWeight: 0 });
    }
    return variants;
  }

  private readonly weights = new Map<string, number>();

  /** Inverse document frequency: rare words say more about which food is meant. */
  weight(token: string): number {
    let weight = this.weights.get(token);
    if (weight === undefined) {
      weight = Math.log(1 + this.variants.length / (this.documentFrequency.get(token) ?? 1));
      if (this.documentFrequency.has(token)) this.weights.set(token, weight);
    }
    return weight;
  }

  knows(token: string): boolean {
    return this.documentFrequency.has(token);
  }

  /** Per word: the heads that every name (main name or alias) with the word has. */
  private readonly headsWith = new Map<string, Set<string>>();

  /**
   * Whether every name or alias with the word is a kind of `head` ("minestrone" → "soup"; "palmier"
   * → "biscuit", its one name being "Biscuit (puff pastry), palmier").
   */
  onlyNames(token: string, head: string): boolean {
    return this.headsWith.get(token)?.has(head) === true;
  }

  /** The first head every name or alias with the word has, when there is one (see onlyNames). */
  soleHead(token: string): string | undefined {
    return this.headsWith.get(token)?.values().next().value;
  }

  /**
   * Per word, the entries whose own name or curated alias has it, in increasing order: one look-up per
   * word, then a search of one short array, where a set per entry meant a set read per candidate.
   */
  private readonly entriesNamedBy = new Map<string, number[]>();

  /** Whether the entry's own name or a curated alias has the word. */
  namedBy(entry: number, token: string): boolean {
    const named = this.entriesNamedBy.get(token);
    if (named === undefined) return false;
    let low = 0;
    let high = named.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const found = named[middle]!;
      if (found === entry) return true;
      if (found < entry) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }

  /** Whether the word names the entry's food itself rather than describing it. */
  namesItself(entry: number, token: string): boolean {
    return this.itselfWords[entry]!.has(token);
  }

  /** Whether one of an entry's names has the word. */
  hasWord(entry: number, token: string): boolean {
    return this.variants[entry]!.some((variant) => variant.set.has(token));
  }

  /** Whether one of an entry's names has every one of the words. */
  namesAll(entry: number, tokens: readonly string[]): boolean {
    return this.variants[entry]!.some((variant) => tokens.every((token) => variant.set.has(token)));
  }

  /**
   * Head words of a name. An alias or synonym is an English phrase: its head is its last word that
   * is not a pack or state word ("chicken breast fillets" → "breast"). An Agribalyse name is a list:
   * the food, then what qualifies it ("Liver, chicken, cooked" is liver; "Squash, spaghetti" a squash):
   * its heads are the last word of its first part and of any bracket, one per "or".
   */
  private headsOf(name: IndexedName): string[] {
    const lastHead = (phrase: string): string[] => {
      const tokens = this.text.catalogTokens(phrase);
      for (let i = tokens.length - 1; i >= 0; i--) {
        const token = tokens[i]!;
        if (!this.packWords.has(token) && !/\d/.test(token)) return [token];
      }
      return [];
    };
    if (name.kind !== 'name') return lastHead(name.text);
    const bracketed = [...name.text.matchAll(/\(([^)]*)\)/g)].map((match) => match[1]!);
    const parts = name.text
      .replace(/\([^)]*\)/g, ' ')
      .split(',')
      .slice(0, 1)
      .map((part) => part.trim().split(/\s(?:with|w|in|on|for|from)\s/i)[0]!)
      .filter((part, i) => part !== '' && !NAME_CONNECTORS.test(part) && (i === 0 || !/\band\b/.test(part)));
    return [...parts, ...bracketed].flatMap((part) => part.split(/\s+or\s+/)).flatMap(lastHead);
  }

  /** The catalog word a query word stands for: itself, a typo's correction, or a word it begins. */
  correct(token: string): CorrectedToken | null {
    if (this.documentFrequency.has(token)) return { token, similarity: 1 };
    return this.typos.correct(token);
  }

  /**
   * Entries sharing words with the query, best BM25 score first. Words in more than COMMON_SHARE of the
   * entries ("raw", "with") are left to the re-ranker when rarer ones remain: they rank little and cost
   * most, as MiniSearch scores every entry that has them. Answered from posting lists (retrieval.ts):
   * the same entries in the same order as searchAll, without re-scoring every entry on every query.
   */
  retrieve(tokens: readonly string[], limit: number): number[] {
    const query = this.retrievalQuery(tokens);
    if (query === '') return [];
    const terms = query.split(' ').filter((term) => term !== '');
    return this.postingLists().top(terms, limit) ?? this.searchAll(tokens, limit);
  }

  /** retrieve on MiniSearch's own search: what the posting lists reproduce, and their fallback. */
  searchAll(tokens: readonly string[], limit: number): number[] {
    const query = this.retrievalQuery(tokens);
    if (query === '') return [];
    return this.search
      .search(query)
      .slice(0, limit)
      .map((result) => result.id as number);
  }

  private retrievalQuery(tokens: readonly string[]): string {
    const common = this.variants.length * COMMON_SHARE;
    const rare = tokens.filter((token) => (this.documentFrequency.get(token) ?? 0) <= common);
    return (rare.length > 0 ? rare : tokens).join(' ');
  }

  private postings: PostingLists | undefined;

  /** Built on first use, so that loading the catalog does not wait for it. */
  private postingLists(): PostingLists {
    this.postings ??= new PostingLists(
      this.search,
      this.variants.length,
      (term) => this.documentFrequency.has(term),
      (entry, term) =>
        NAME_KINDS.findIndex((kind) =>
          this.variants[entry]!.some((variant) => variant.kind === kind && variant.set.has(term)),
        ),
    );
    return this.postings;
  }

  /** Autocomplete: entries with every typed word, the last one as a prefix. */
  complete(words: readonly string[], limit: number): number[] {
    if (words.length === 0) return [];
    const last = words.length - 1;
    const terms = words.map((word, i) => (i === last ? word : (this.text.canonical(word) ?? word)));
    return this.search
      .search(terms.join(' '), {
        combineWith: 'AND',
        prefix: (_term, i) => i === last,
        fuzzy: (term, i) => (i === last || term.length < 5 ? false : 1),
        boost: { name: 1, alias: 3, synonym: 1, related: 0.5 },
      })
      .slice(0, limit)
      .map((result) => result.id as number);
  }
}
