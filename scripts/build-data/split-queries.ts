/**
 * Splits a blind query set into a development half (tune on it) and a validation half (measure on it,
 * never tune), by a fixed rule that does not look at the queries' content beyond their text: the first
 * byte of the SHA-256 of the folded query, even → development, odd → validation.
 *   npx tsx scripts/build-data/split-queries.ts <input.json> <output-prefix>
 * writes <output-prefix>-dev.json and <output-prefix>-validation.json.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { QueryFixtureSchema } from './match-evaluation.js';

export function isValidationQuery(query: string): boolean {
  const digest = createHash('sha256').update(query.trim().toLowerCase()).digest();
  return digest[0]! % 2 === 1;
}

const [input, prefix] = process.argv.slice(2);
if (input === undefined || prefix === undefined) {
  process.stderr.write('usage: split-queries.ts <input.json> <output-prefix>\n');
  process.exit(2);
}
const raw = JSON.parse(readFileSync(input, 'utf8')) as {
  found: { query: string }[];
  notFound: { query: string }[];
};
QueryFixtureSchema.parse(raw);
for (const [suffix, wanted] of [
  ['dev', false],
  ['validation', true],
] as const) {
  const half = {
    found: raw.found.filter((entry) => isValidationQuery(entry.query) === wanted),
    notFound: raw.notFound.filter((entry) => isValidationQuery(entry.query) === wanted),
  };
  const lines = [
    '{',
    '  "found": [',
    half.found.map((entry) => `    ${JSON.stringify(entry)}`).join(',\n'),
    '  ],',
    '  "notFound": [',
    half.notFound.map((entry) => `    ${JSON.stringify(entry)}`).join(',\n'),
    '  ]',
    '}',
    '',
  ];
  writeFileSync(`${prefix}-${suffix}.json`, lines.join('\n'));
  process.stdout.write(
    `${prefix}-${suffix}.json: ${half.found.length} found, ${half.notFound.length} not found\n`,
  );
}
