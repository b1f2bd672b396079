import type { FigureSource } from '../../core/result.js';
import { type DishIngredients, dishSourcesOf } from '../../figures/dish.js';
import { besideSources, type NamedEntry } from '../../figures/study-answer.js';
import { catalogSource, type FiguresTable } from '../../figures/table.js';
import type { ProductData, RecipeData } from './schema.js';

/**
 * The figures set beside the catalog's own on its answers: per food and per dish, the catalog's figure
 * first, then the independent studies'. A food's or a dish's sources never change: each is worked out
 * once, on its first lookup.
 */
export class CatalogFigures {
  private readonly productSourceCache = new Map<string, FigureSource[]>();
  private readonly recipeSourceCache = new Map<string, FigureSource[]>();
  private readonly recipeDishCache = new Map<string, DishIngredients>();

  /** The independent studies' figures; null answers with the catalog's alone. */
  constructor(readonly figures: FiguresTable | null) {}

  /** The catalog's figure first, then the studies' own entries for this very food. */
  productSources(product: ProductData): FigureSource[] | undefined {
    const { figures } = this;
    if (figures === null) return undefined;
    let sources = this.productSourceCache.get(product.code);
    if (sources === undefined) {
      sources = [
        catalogSource(figures.catalogDataset, product.name, product.kgCo2ePerUnit, product.unit),
        ...figures.foodSources(product.code),
      ];
      this.productSourceCache.set(product.code, sources);
    }
    return sources;
  }

  /** A named dish's ingredients per serving, as the studies price them (worked out once). */
  recipeDish(recipe: RecipeData): DishIngredients {
    let dish = this.recipeDishCache.get(recipe.name);
    if (dish === undefined) {
      dish = {
        entry: recipe.name,
        ingredients: recipe.contributors.map((contributor) => ({
          code: contributor.code,
          grams: contributor.grams,
          kgCo2e: contributor.kgCo2e,
        })),
        ...(recipe.gramsPerServing === undefined ? {} : { servingGrams: recipe.gramsPerServing }),
      };
      this.recipeDishCache.set(recipe.name, dish);
    }
    return dish;
  }

  /** The catalog's per-serving figure first, then each study's, for the dish's serving. */
  recipeSources(recipe: RecipeData): FigureSource[] | undefined {
    const { figures } = this;
    if (figures === null) return undefined;
    const cached = this.recipeSourceCache.get(recipe.name);
    if (cached !== undefined) return cached;
    const sources = dishSourcesOf(figures, recipe.name, recipe.kgCo2ePerServing, this.recipeDish(recipe));
    this.recipeSourceCache.set(recipe.name, sources);
    return sources;
  }

  /**
   * `sources` only when there are some: a catalog without figures answers as before. Entries the query
   * names stand instead of the food's own entries on their studies (figures/study-answer.ts).
   */
  withSources(
    sources: FigureSource[] | undefined,
    beside: readonly NamedEntry[] = [],
  ): { sources?: FigureSource[]; withoutFigure?: string[] } {
    const { figures } = this;
    if (sources === undefined || figures === null) return {};
    const shown = beside.length === 0 ? sources : besideSources(figures, sources, beside);
    return { sources: shown, withoutFigure: figures.withoutFigure(shown) };
  }
}
