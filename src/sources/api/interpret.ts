import type { Verdict } from '../../core/result.js';

type Answer = Verdict['value'];

/** Lowercase words only: "Climate-Friendly!" and "climate_friendly" both become "climate friendly". */
function words(text: string): string {
  return marked(text).replace(/[:?]/g, ' ').replace(/\s+/g, ' ').trim();
}

/** Like words, but keeps colons and question marks, which separate a question or label from its answer. */
function marked(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[^\p{L}\p{N}':?]+/gu, ' ')
    .trim();
}

const YES = new Set(['yes', 'y', 'true', '1', 'friendly', 'climate friendly', 'is climate friendly']);
const NO = new Set(['no', 'n', 'false', '0', 'unfriendly', 'not friendly', 'not climate friendly']);

/** "not", "isn't", "non", "un…" before "friendly" turns a phrase into a no. */
const NEGATED_FRIENDLY = /\b(?:not|isn't|non|never)\b.*\bfriendly\b|\bun ?friendly\b/;
const AFFIRMED_FRIENDLY = /\bfriendly\b/;
/** "Yes, within budget" reads as yes; "no data" must not read as no. */
const LEADING_ANSWER = /^(yes|no)\b(?! (?:data|info|information|value|answer|result|rating|score|idea)\b)/;

/**
 * A question or label, then its answer. After "friendly" and a colon or question mark, whatever
 * follows is the answer ("climate friendly: no data", "is it climate friendly? yes, within budget").
 */
const AFTER_FRIENDLY_MARK = /^(.*?\bfriendly)\s*(?:[:?]\s*)+(.+)$/;
/** "climate friendly yes", "friendly no": a bare answer straight after "friendly". */
const AFTER_FRIENDLY = /^(.*\bfriendly) (yes|no|true|false|1|0)$/;
/** "verdict: no": a plain answer after any colon or question mark (not 1/0, which may be a count). */
const AFTER_MARK = /^(.*?)\s*(?:[:?]\s*)+(yes|no|true|false)$/;

/** A phrase with no question in it: an exact answer, a (negated) "friendly", or a leading yes/no. */
function plainAnswer(text: string): Answer {
  if (YES.has(text)) return 'yes';
  if (NO.has(text)) return 'no';
  const phrase = NEGATED_FRIENDLY.test(text) ? 'no' : AFFIRMED_FRIENDLY.test(text) ? 'yes' : null;
  const leading = (LEADING_ANSWER.exec(text)?.[1] as 'yes' | 'no' | undefined) ?? null;
  // "No, climate friendly" says both.
  if (phrase !== null && leading !== null && phrase !== leading) return 'unknown';
  return phrase ?? leading ?? 'unknown';
}

/**
 * The trailing answer is read first: in "is it climate friendly? no" the "friendly" is the question,
 * not the verdict. A negated question ("not climate friendly? yes") could mean either, and a label
 * that already answers differently ("yes, climate friendly: no") contradicts itself: both unknown.
 */
function answer(raw: string): Answer {
  const text = marked(raw);
  const split = AFTER_FRIENDLY_MARK.exec(text) ?? AFTER_FRIENDLY.exec(text) ?? AFTER_MARK.exec(text);
  if (split === null) return plainAnswer(words(text));
  const label = words(split[1]!);
  const given = plainAnswer(words(split[2]!));
  if (given === 'unknown' || NEGATED_FRIENDLY.test(label)) return 'unknown';
  const labelAnswer = LEADING_ANSWER.exec(label)?.[1];
  if (labelAnswer !== undefined && labelAnswer !== given) return 'unknown';
  return given;
}

/**
 * The API's climate_friendly text as a verdict. Anything we cannot read plainly stays "unknown" with
 * the raw text kept, because inventing a verdict would misinform the user.
 */
export function interpretClimateFriendly(raw: string): Verdict {
  // carbon serve's own value when the datasets disagree (openapi.yaml, RecipeImpact.climate_friendly).
  if (words(raw) === 'depends') return { value: 'depends', raw: null };
  const value = answer(raw);
  return value === 'unknown' ? { value, raw } : { value, raw: null };
}

/** Whole phrases only, so that "found" or "match found" do not count as not found. */
const NOT_FOUND_STATUS =
  /^(?:404|none)$|\b(?:not ?found|no match(?:es|ing)?|no results?|unknown (?:product|recipe)|does ?n[o']t exist|nothing found|no data)\b/;

/** Whether a 200 body's open `status` string clearly says nothing matched. */
export function statusMeansNotFound(status: string): boolean {
  return NOT_FOUND_STATUS.test(words(status));
}
