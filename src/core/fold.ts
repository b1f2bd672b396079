/**
 * Text folding shared by everything that compares names: one place decides that "Crème brûlée",
 * "creme brulee" and "CRÈME BRÛLÉE" are the same text, and that "&" is "and".
 */

/** Lower case, accents removed, typographic apostrophes made plain, "&" read as "and". */
export function foldText(text: string): string {
  // Most names are plain ASCII: skip the Unicode decomposition for them.
  const plain = /^[\x20-\x7e]*$/.test(text) ? text : text.normalize('NFKD').replace(/\p{M}/gu, '');
  return plain
    .toLowerCase()
    .replace(/[‘’`´]/g, "'")
    .replace(/&/g, ' and ');
}

/**
 * foldText, then words only: letters, digits and "%" ("0% fat" is not "0 fat"), single spaces. The
 * form in which two names are the same name.
 */
export function foldWords(text: string): string {
  return foldText(text)
    .replace(/[^a-z0-9%]+/g, ' ')
    .trim();
}
