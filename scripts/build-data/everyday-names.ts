import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { CURATED_DIR } from './paths.js';

/**
 * Everyday English names for Agribalyse foods beyond the hand-picked display aliases
 * (data/curated/everyday-names.json, keyed by "Code AGB"), written for this project by reviewers who
 * saw the catalog but none of the query sets it is measured on:
 * - `names` mean exactly that food ("aubergine" for "Eggplant, raw"): they become aliases;
 * - `near` name foods the catalog lacks whose nearest item this is ("pad thai" for the sautéed noodles
 *   with shrimps): they become related names, answered as the closest match and said so.
 */
export const EverydayNamesFileSchema = z.record(
  z.string().min(1),
  z.object({
    names: z.array(z.string().min(1)).default([]),
    near: z.array(z.string().min(1)).default([]),
  }),
);
export type EverydayNames = z.infer<typeof EverydayNamesFileSchema>;

export function readEverydayNames(path = join(CURATED_DIR, 'everyday-names.json')): EverydayNames {
  return EverydayNamesFileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
}

/** Lower case, words only: the form in which two names are the same name. */
function fold(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9%]+/g, ' ')
    .trim();
}

/**
 * The everyday names the build may add: none that is already another food's catalog name or curated
 * alias (an exact name always finds its own food), and none given to two foods.
 */
export function usableEverydayNames(
  everyday: EverydayNames,
  taken: ReadonlyMap<string, string>,
): { byCode: Map<string, { names: string[]; near: string[] }>; dropped: string[] } {
  const owners = new Map<string, Set<string>>();
  for (const [code, entry] of Object.entries(everyday)) {
    for (const name of [...entry.names, ...entry.near]) {
      const key = fold(name);
      owners.set(key, (owners.get(key) ?? new Set()).add(code));
    }
  }
  const dropped: string[] = [];
  const byCode = new Map<string, { names: string[]; near: string[] }>();
  const usable = (code: string, name: string) => {
    const key = fold(name);
    const owner = taken.get(key);
    const ok = (owner === undefined || owner === code) && owners.get(key)!.size === 1;
    if (!ok) dropped.push(`${name} (${code})`);
    return ok;
  };
  for (const [code, entry] of Object.entries(everyday)) {
    byCode.set(code, {
      names: entry.names.filter((name) => usable(code, name)),
      near: entry.near.filter((name) => usable(code, name)),
    });
  }
  return { byCode, dropped };
}

/** Every catalog name and curated alias, folded, with the code it belongs to. */
export function takenNames(
  items: readonly { code: string; lciName: string }[],
  aliasesByCode: Readonly<Record<string, readonly string[]>>,
): Map<string, string> {
  const taken = new Map<string, string>();
  for (const item of items) {
    taken.set(fold(item.lciName), item.code);
    for (const alias of aliasesByCode[item.code] ?? []) taken.set(fold(alias), item.code);
  }
  return taken;
}
