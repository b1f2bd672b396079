/**
 * The words by which the decision report judges whether an answer contradicts what an option states:
 * animals, animal products, meat-free proteins, plant foods named after animal ones, and diets.
 */

/** A diet an option may state. */
export type Diet = 'vegan' | 'vegetarian' | 'pescatarian';

/**
 * Words that say which animal (or none) a food is, for judging whether an answer contradicts what the
 * option states. A word list is enough for a report: it reads the answer's name only.
 */
export const ANIMAL_WORDS: Record<string, readonly string[]> = {
  beef: ['beef', 'veal', 'steak', 'brisket', 'sirloin', 'ribeye', 'bresaola', 'pastrami', 'oxtail', 'wagyu'],
  pork: [
    'pork',
    'ham',
    'bacon',
    'gammon',
    'chorizo',
    'salami',
    'pancetta',
    'prosciutto',
    'chashu',
    'lardon',
    'pepperoni',
    'nduja',
    'carnitas',
    'char siu',
  ],
  chicken: ['chicken', 'poultry'],
  turkey: ['turkey'],
  // The sets price goat as lamb and mutton (Poore & Nemecek's "Lamb & Mutton") and label it so.
  lamb: ['lamb', 'mutton', 'goat'],
  duck: ['duck'],
  fish: [
    'fish',
    'salmon',
    'tuna',
    'cod',
    'haddock',
    'mackerel',
    'sardine',
    'trout',
    'pollock',
    'hake',
    'anchovy',
    'herring',
    'sea bass',
    'seabass',
    'plaice',
    'sole',
    'tilapia',
    'snapper',
    'halibut',
    'swordfish',
    'eel',
    'kipper',
    'basa',
    'catfish',
  ],
  shellfish: [
    'prawn',
    'shrimp',
    'crab',
    'lobster',
    'mussel',
    'scallop',
    'squid',
    'calamari',
    'clam',
    'oyster',
    'octopus',
    'langoustine',
    'scampi',
    'crayfish',
  ],
  // Fish or shellfish: it contradicts neither.
  seafood: ['seafood', 'fruits de mer'],
};

/** Whether two animal groups can be the same food: seafood is fish or shellfish. */
export function sameAnimal(a: string, b: string): boolean {
  if (a === b) return true;
  const pair = new Set([a, b]);
  return pair.has('seafood') && (pair.has('fish') || pair.has('shellfish'));
}
export const DAIRY_WORDS = [
  'cheese',
  'parmesan',
  'mozzarella',
  'cheddar',
  'feta',
  'halloumi',
  'paneer',
  'ricotta',
  'mascarpone',
  'gruyere',
  'brie',
  'camembert',
  'gorgonzola',
  'cream',
  'butter',
  'milk',
  'yogurt',
  'yoghurt',
  'ghee',
  'raita',
  'tzatziki',
];
export const EGG_WORDS = ['egg', 'omelette', 'omelet', 'frittata', 'mayonnaise', 'quiche'];
/** Plant proteins and meat-free mains: stating one says the option has no meat (egg or cheese does not: eggs Benedict has ham). */
export const MEAT_FREE_PROTEINS = [
  'tofu',
  'tempeh',
  'seitan',
  'quorn',
  'mycoprotein',
  'bean',
  'lentil',
  'dal',
  'dhal',
  'chickpea',
  'falafel',
  'edamame',
  'soy',
  'soya',
  'jackfruit',
  'mushroom',
  'vegetable',
  'none',
  'plant',
];
/** Plant foods named after animal ones: "coconut milk" is no dairy. */
export const PLANT_NAMES = [
  'coconut milk',
  'coconut cream',
  'oat milk',
  'almond milk',
  'soy milk',
  'soya milk',
  'rice milk',
  'peanut butter',
  'nut butter',
  'cocoa butter',
  'butter bean',
  'butternut',
  'vegan cheese',
  'cream of tartar',
];
/** In an answer's name these say its animal words are imitations: "Cheese, vegan alternative". */
export const IMITATION_MARKERS = [
  'vegan',
  'vegetarian',
  'meatless',
  'meat free',
  'meat substitute',
  'plant based',
  'imitation',
  'mock',
  'faux',
  'veggie',
  'meat alternative',
  'alternative',
];

/** Words of an option's text that state a diet: "veggie curry" states vegetarian, not vegan. */
export const DIET_WORDS: Record<Diet, readonly string[]> = {
  vegan: ['vegan', 'plant based', 'plant-based', 've'],
  vegetarian: ['vegan', 'vegetarian', 'veggie', 'veg', 'meat free', 'meatless', 'plant based', 'v', 've'],
  pescatarian: ['pescatarian', 'pescetarian'],
};
