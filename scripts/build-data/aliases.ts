import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { CURATED_DIR } from './paths.js';

/**
 * Everyday English names for Agribalyse foods, written for this project (data/curated/aliases.json,
 * keyed by "Code AGB"). The first name is the display name used by autocomplete; the others are UK and
 * US names and common shop names. Each points at the plain, raw or default variant a generic query most
 * likely means. The build fails if a code does not exist.
 */
export const AliasesFileSchema = z.record(z.string().min(1), z.array(z.string().min(1)).min(1));

export function readAliases(path = join(CURATED_DIR, 'aliases.json')): Record<string, readonly string[]> {
  return AliasesFileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
}

const SANDWICH =
  /^Sandwich made with (French bread|wholemeal loaf bread|loaf bread|pita bread|panini bread), (.+)$/;
const SANDWICH_KIND: Record<string, string> = {
  'French bread': 'baguette',
  'wholemeal loaf bread': 'sandwich',
  'loaf bread': 'sandwich',
  'pita bread': 'pitta',
  'panini bread': 'panini',
};

/**
 * Names derived from an Agribalyse name's pattern rather than written one by one: "Sandwich made with
 * French bread, ham and emmental cheese" is what a shop calls a "ham and emmental cheese baguette".
 * Appended after the curated aliases, so they never become the display name.
 */
export function derivedAliases(lciName: string): string[] {
  const sandwich = SANDWICH.exec(lciName);
  if (sandwich === null) return [];
  const filling = sandwich[2]!
    .replace(/\([^)]*\)/g, ' ')
    .replace(/raw vegetables/g, 'salad')
    .replace(/[,\s]+/g, ' ')
    .trim();
  return [`${filling} ${SANDWICH_KIND[sandwich[1]!]!}`];
}
