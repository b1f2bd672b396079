export { type CompareDeps, type CompareReply, compareItems, handleCompareText, rateMenu } from './compare.js';
export { type CarEquivalence, loadEquivalences } from './equivalence.js';
export { type ReadMenu, readMenu } from './menu.js';
export type { CompareResult, RankedItem } from './model.js';
export { parseCompareText } from './parse.js';
export type { IngredientListEstimator, PortionWeights } from './resolve.js';
