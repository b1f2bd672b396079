import type { Verdict } from '../../core/result.js';

/** Lowercase words only: "Climate-Friendly!" and "climate_friendly" both become "climate friendly". */
function words(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .trim();
}

const YES = new Set(['yes', 'y', 'true', '1', 'friendly', 'climate friendly', 'is climate friendly']);
const NO = new Set(['no', 'n', 'false', '0', 'unfriendly', 'not friendly', 'not climate friendly']);

/** "climate friendly: no" and similar label-then-value forms. */
const LABELLED = /^(?:is )?climate friendly (yes|true|1|no|false|0)$/;
/** "not", "isn't", "non", "un…" before "friendly" turns a phrase into a no. */
const NEGATED_FRIENDLY = /\b(?:not|isn't|non|never)\b.*\bfriendly\b|\bun ?friendly\b/;
const AFFIRMED_FRIENDLY = /\bfriendly\b/;
/** "Yes, within budget" reads as yes; "no data" must not read as no. */
const LEADING_ANSWER = /^(yes|no)\b(?! (?:data|info|information|value|answer|result|rating|score|idea)\b)/;

/**
 * The API's climate_friendly text as a verdict. Anything we cannot read plainly stays "unknown" with
 * the raw text kept, because inventing a verdict would misinform the user.
 */
export function interpretClimateFriendly(raw: string): Verdict {
  const text = words(raw);
  const labelled = LABELLED.exec(text)?.[1];
  const answer = labelled ?? text;
  if (YES.has(answer)) return { value: 'yes', raw: null };
  if (NO.has(answer)) return { value: 'no', raw: null };
  if (NEGATED_FRIENDLY.test(text)) return { value: 'no', raw: null };
  if (AFFIRMED_FRIENDLY.test(text)) return { value: 'yes', raw: null };
  const leading = LEADING_ANSWER.exec(text)?.[1];
  if (leading === 'yes' || leading === 'no') return { value: leading, raw: null };
  return { value: 'unknown', raw };
}

/** Whole phrases only, so that "found" or "match found" do not count as not found. */
const NOT_FOUND_STATUS =
  /^(?:404|none)$|\b(?:not ?found|no match(?:es|ing)?|no results?|unknown (?:product|recipe)|does ?n[o']t exist|nothing found|no data)\b/;

/** Whether a 200 body's open `status` string clearly says nothing matched. */
export function statusMeansNotFound(status: string): boolean {
  return NOT_FOUND_STATUS.test(words(status));
}
