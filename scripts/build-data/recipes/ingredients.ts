import type { DishIngredient } from './types.js';

/**
 * Ingredient catalogue: a short key -> the Agribalyse 3.2 item (`Code AGB`) used for it and the label
 * shown to users. Comments give the Agribalyse `LCI Name`; "proxy" marks ingredients that have no
 * item of their own in Agribalyse 3.2 and are mapped to the closest one.
 */
export const INGREDIENTS = {
  // --- meat ---
  beefMince: { agb: '6254', label: 'beef mince' }, // Beef, minced steak, 15% fat, raw
  leanBeefMince: { agb: '6250', label: 'lean beef mince' }, // Beef, minced steak, 5% fat, raw
  beefStew: { agb: '6231', label: 'stewing beef' }, // Beef, stewing meat, raw
  beefSteak: { agb: '6201', label: 'beef steak' }, // Beef, steak or beef steak, raw
  beefSirloin: { agb: '6111', label: 'sirloin steak' }, // Beef, sirloin steak, raw
  beefFlank: { agb: '6212', label: 'beef flank' }, // Beef, flank steak, raw
  beefBrisket: { agb: '6130', label: 'beef brisket' }, // Beef, thin flank, raw
  beefShortRib: { agb: '6122', label: 'beef short ribs' }, // Beef, short ribs, raw
  beefRoast: { agb: '6160', label: 'roast beef (topside)' }, // Beef, topside, raw
  vealShank: { agb: '6583', label: 'veal shank' }, // Veal, knuckle or shank, raw
  vealEscalope: { agb: '6521', label: 'veal escalope' }, // Veal, escalope, raw
  lambShoulder: { agb: '21504', label: 'lamb shoulder' }, // Lamb, shoulder, raw
  lambMince: { agb: '21505', label: 'lamb mince' }, // Lamb, shoulder, lean, raw
  lambLeg: { agb: '21502', label: 'lamb leg' }, // Lamb, leg, raw
  goat: { agb: '21800', label: 'goat meat' }, // Young goat, raw
  lambChop: { agb: '21500', label: 'lamb cutlets' }, // Lamb, cutlet, raw
  porkShoulder: { agb: '28001', label: 'pork shoulder' }, // Pork, shoulder, raw
  porkLoin: { agb: '28302', label: 'pork loin' }, // Pork, loin, raw
  porkChop: { agb: '28100', label: 'pork chop' }, // Pork, chop, raw
  porkBelly: { agb: '28002', label: 'pork belly' }, // Pork, belly, raw
  porkMince: { agb: '28476', label: 'pork mince' }, // Pork, 80/20 trimming, raw
  porkRibs: { agb: '28400', label: 'pork spare ribs' }, // Pork, spare-ribs, raw
  porkTenderloin: { agb: '28201', label: 'pork tenderloin' }, // Pork tenderloin, lean, raw
  chickenBreast: { agb: '36017', label: 'chicken breast' }, // Chicken, breast, without skin, raw
  chickenThigh: { agb: '36024', label: 'chicken thigh' }, // Chicken, leg, meat, raw
  chickenLeg: { agb: '36002', label: 'chicken leg (with skin)' }, // Chicken, leg, meat and skin, raw
  chickenWhole: { agb: '36016', label: 'chicken (meat and skin)' }, // Chicken, meat and skin, raw
  chickenWings: { agb: '36023', label: 'chicken wings' }, // Chicken, wing, meat and skin, raw
  turkey: { agb: '36301', label: 'turkey' }, // Turkey, meat, raw
  duckBreast: { agb: '36206', label: 'duck breast' }, // Duck, breast fillet
  duck: { agb: '36204', label: 'duck' }, // Duck, meat and skin, raw
  duckConfit: { agb: '8109', label: 'duck confit' }, // Duck confit ... reheated
  // --- cured meat ---
  bacon: { agb: '28727', label: 'bacon' }, // Bacon, back
  lardons: { agb: '28501', label: 'lardons' }, // Lardoons, raw
  smokedLardons: { agb: '28720', label: 'smoked lardons' }, // Smoked lardoons, raw
  pancetta: { agb: '28858', label: 'guanciale/pancetta' }, // Pancetta, dried
  ham: { agb: '28910', label: 'ham' }, // Cooked ham, choice
  prosciutto: { agb: '28844', label: 'prosciutto' }, // Parma dry-cured ham
  serrano: { agb: '28845', label: 'serrano ham' }, // Serrano dry-cured ham
  chorizo: { agb: '30316', label: 'chorizo' }, // Dry spicy pork sausage with red pepper
  pepperoni: { agb: '30317', label: 'pepperoni' }, // Spicy pork sausage with red pepper, in large slices
  salami: { agb: '30350', label: 'salami' }, // Salami
  sausage: { agb: '30051', label: 'pork sausages' }, // Sausage meat, pure pork, raw
  frankfurter: { agb: '30134', label: 'frankfurter' }, // Frankfurter sausage
  bratwurst: { agb: '30750', label: 'bratwurst' }, // Viennese sausage, pork and veal, raw
  blackPudding: { agb: '8703', label: 'black pudding' }, // Black pudding (blood sausage)
  merguez: { agb: '30150', label: 'merguez' }, // Merguez sausage, raw
  // --- fish & seafood ---
  salmon: { agb: '26036', label: 'salmon' }, // Salmon, raw, farmed
  smokedSalmon: { agb: '26037', label: 'smoked salmon' }, // Salmon, smoked
  cod: { agb: '26043', label: 'cod' }, // Cod, raw
  hake: { agb: '26044', label: 'hake' }, // European hake, raw
  pollock: { agb: '26006', label: 'white fish (pollock)' }, // Alaska pollock, raw
  tuna: { agb: '26053', label: 'tuna' }, // Tuna, raw
  tunaCanned: { agb: '26039', label: 'canned tuna' }, // Tuna, plain, canned, drained
  mackerel: { agb: '26051', label: 'mackerel' }, // Mackerel, raw
  sardinesCanned: { agb: '26040', label: 'canned sardines' }, // Sardine, in olive oil, canned
  anchovies: { agb: '26000', label: 'anchovies' }, // Anchovy, fillets, in oil
  prawns: { agb: '10021', label: 'prawns' }, // Shrimp or prawn, raw
  mussels: { agb: '10014', label: 'mussels' }, // Mussel, common, raw
  squid: { agb: '10001', label: 'squid' }, // Squid, raw
  surimi: { agb: '26046', label: 'crab sticks (surimi)' }, // Surimi, crab flavour
  // --- dairy & eggs ---
  egg: { agb: '22000', label: 'egg' }, // Egg, raw
  milk: { agb: '19041', label: 'milk' }, // Milk, semi-skimmed, UHT
  wholeMilk: { agb: '19024', label: 'whole milk' }, // Milk, whole, pasteurised
  butter: { agb: '16400', label: 'butter' }, // Butter, 82% fat, unsalted
  ghee: { agb: '16401', label: 'ghee' }, // Butter oil or concentrated butter
  cream: { agb: '19415', label: 'cream' }, // Liquid cream 30% fat, UHT
  thickCream: { agb: '19410', label: 'crème fraîche' }, // Thick cream 30% fat, refrigerated
  sourCream: { agb: '19431', label: 'sour cream' }, // Thick cream, light, 15-20% fat
  mascarpone: { agb: '19410', label: 'mascarpone' }, // proxy: Thick cream 30% fat
  creamCheese: { agb: '12315', label: 'cream cheese' }, // Uncured soft cheese, spreadable, ~25% fat
  ricotta: { agb: '19649', label: 'ricotta' }, // proxy: Fresh cream cheese, plain, creamy, ~8% fat
  cheddar: { agb: '12726', label: 'cheddar' }, // Cheddar cheese
  mozzarella: { agb: '19590', label: 'mozzarella' }, // Mozzarella cheese, from cow's milk
  parmesan: { agb: '12120', label: 'parmesan' }, // Parmesan cheese
  pecorino: { agb: '12827', label: 'pecorino' }, // Semi-hard cheese, from ewe's milk
  emmental: { agb: '12115', label: 'emmental' }, // Emmental cheese
  gruyere: { agb: '12114', label: 'gruyère' }, // Gruyere cheese
  feta: { agb: '12061', label: 'feta' }, // Feta cheese, from ewe's milk
  goatCheese: { agb: '12803', label: 'goat cheese' }, // Cheese, from goat's milk
  blueCheese: { agb: '12520', label: 'blue cheese' }, // Blue cheese, from cow's milk
  provolone: { agb: '12716', label: 'provolone' }, // Provolone cheese
  processedCheese: { agb: '12300', label: 'cheese slice' }, // Processed cheese, in slices
  paneer: { agb: '19590', label: 'paneer' }, // proxy: Mozzarella cheese (fresh cow's-milk cheese)
  halloumi: { agb: '12827', label: 'halloumi' }, // proxy: Semi-hard cheese, from ewe's milk
  yogurt: { agb: '19593', label: 'yogurt' }, // Yogurt, plain
  greekYogurt: { agb: '19860', label: 'Greek yogurt' }, // Yogurt, Greek-style, plain
  veganCheese: { agb: '1029_2', label: 'vegan cheese' }, // Plant-based cheese, shredded
  soyMilk: { agb: '18900', label: 'soy milk' }, // Soy drink, plain
  oatMilk: { agb: '18905', label: 'oat milk' }, // Oat-based drink, plain
  // --- grains, bread, pastry ---
  pasta: { agb: '9810', label: 'pasta' }, // Dried pasta, raw
  eggPasta: { agb: '9821', label: 'egg pasta' }, // Dried egg pasta, raw
  freshPasta: { agb: '9815', label: 'fresh egg pasta' }, // Fresh egg pasta, raw
  rice: { agb: '9100', label: 'rice' }, // Rice, raw
  basmati: { agb: '9119', label: 'basmati rice' }, // Basmati rice, raw
  brownRice: { agb: '9102', label: 'brown rice' }, // Rice, brown, raw
  riceNoodles: { agb: '9900', label: 'rice noodles' }, // Rice noodle, dried
  noodles: { agb: '9086', label: 'wheat noodles (cooked)' }, // Asian noodles, plain, cooked
  couscous: { agb: '9681', label: 'couscous' }, // Couscous, raw
  bulgur: { agb: '9690', label: 'bulgur' }, // Wheat bulgur, raw
  quinoa: { agb: '9340_1', label: 'quinoa' }, // Quinoa, raw
  oats: { agb: '9311', label: 'oats' }, // Oatmeal flakes
  polenta: { agb: '9614', label: 'polenta' }, // Polenta, pre-cooked, dried
  wholemealFlour: { agb: '9415', label: 'wholemeal flour' }, // Wheat flour, type 150
  riceFlour: { agb: '9520', label: 'rice flour' }, // Rice flour
  flour: { agb: '9440', label: 'flour' }, // Wheat flour, type 55
  cornFlour: { agb: '9545', label: 'corn flour (masa)' }, // Maize/corn flour
  cornStarch: { agb: '9510', label: 'cornflour (starch)' }, // Maize/corn starch
  chickpeaFlour: { agb: '9580', label: 'chickpea flour' }, // Chick pea flour
  bread: { agb: '7001', label: 'baguette' }, // Bread, French bread, baguette
  countryBread: { agb: '7100', label: 'sourdough bread' }, // Country-style bread
  sandwichBread: { agb: '7200', label: 'sliced bread' }, // Sandwich loaf
  wholemealBread: { agb: '7111', label: 'wholemeal bread' }, // Sandwich loaf, wholemeal
  burgerBun: { agb: '7259', label: 'burger bun' }, // Rolls for hamburger/hotdog (buns)
  pita: { agb: '7180', label: 'pita bread' }, // Pita bread
  naan: { agb: '7180', label: 'naan' }, // proxy: Pita bread
  tortilla: { agb: '7815_1', label: 'flour tortilla' }, // Wheat tortilla wrap
  cornTortilla: { agb: '7813', label: 'corn tortilla' }, // Corn tortilla wrap
  bagel: { agb: '7258', label: 'bagel' }, // Bagel
  ciabatta: { agb: '7170', label: 'ciabatta/panini bread' }, // Panini bread
  breadcrumbs: { agb: '7004', label: 'breadcrumbs' }, // Toasted bread, home-made
  croutons: { agb: '7432', label: 'croutons' }, // Croutons, plain
  tortillaChips: { agb: '38105', label: 'tortilla chips' }, // Corn chips or tortilla chips
  shortcrust: { agb: '23414', label: 'shortcrust pastry' }, // Short crust pastry, pure butter, raw
  puffPastry: { agb: '23424', label: 'puff pastry' }, // Puff pastry, pure butter, raw
  filo: { agb: '23445', label: 'filo pastry' }, // Phyllo or filo dough, raw
  granola: { agb: '32108', label: 'granola' }, // Muesli, crunchy, with fruits
  englishMuffin: { agb: '7257', label: 'English muffin' }, // English muffin, prepacked
  croissant: { agb: '7620', label: 'croissant' }, // Croissant, butter, from bakery
  milletFlour: { agb: '9555', label: 'millet flour' }, // Millet flour
  parboiledRice: { agb: '9101', label: 'parboiled rice' }, // Rice, parboiled, raw
  ladyfingers: { agb: '24430', label: 'ladyfingers' }, // Biscuit, sponge fingers
  digestives: { agb: '24015', label: 'digestive biscuits' }, // Butter biscuit (cookie)
  gnocchi: { agb: '26264', label: 'potato gnocchi' }, // Gnocchi, from potato, raw
  // --- vegetables ---
  onion: { agb: '20034', label: 'onion' }, // Onion, raw
  redOnion: { agb: '20034', label: 'red onion' }, // Onion, raw
  shallot: { agb: '20097', label: 'shallot' }, // Shallot, raw
  springOnion: { agb: '11003', label: 'spring onion' }, // Chive or spring onion, fresh
  garlic: { agb: '11000', label: 'garlic' }, // Garlic, fresh
  ginger: { agb: '11074', label: 'ginger' }, // Ginger, raw
  tomato: { agb: '20047_1', label: 'tomato' }, // Tomato, raw
  cherryTomato: { agb: '20172', label: 'cherry tomatoes' }, // Tomato, cherry, raw
  cannedTomato: { agb: '20169', label: 'canned tomatoes' }, // Tomato pulp, canned
  passata: { agb: '20170', label: 'passata' }, // Tomato puree, canned
  tomatoPaste: { agb: '20068', label: 'tomato paste' }, // Tomato paste, concentrated, canned
  carrot: { agb: '20009', label: 'carrot' }, // Carrot, raw
  celery: { agb: '20023', label: 'celery' }, // Celery stalk, raw
  potato: { agb: '4008', label: 'potato' }, // Potato, peeled, raw
  sweetPotato: { agb: '4101', label: 'sweet potato' }, // Sweet potato, raw
  pepper: { agb: '20041', label: 'bell pepper' }, // Sweet pepper, green, yellow or red, raw
  chilli: { agb: '20151', label: 'chilli' }, // Chili pepper, raw
  courgette: { agb: '20020', label: 'courgette' }, // Courgette or zucchini, raw
  aubergine: { agb: '20053', label: 'aubergine' }, // Eggplant, raw
  mushroom: { agb: '20498', label: 'mushrooms' }, // proxy: Vegetables pan-fried with mushrooms, frozen
  spinach: { agb: '20059', label: 'spinach' }, // Spinach, raw
  lettuce: { agb: '20031', label: 'lettuce' }, // Lettuce, raw
  romaine: { agb: '20171', label: 'romaine lettuce' }, // Cos or romaine lettuce, raw
  mixedLeaves: { agb: '20272', label: 'mixed salad leaves' }, // Mesclun
  rocket: { agb: '20217', label: 'rocket' }, // Roman rocket, raw
  cucumber: { agb: '20019', label: 'cucumber' }, // Cucumber, raw
  cabbage: { agb: '20116', label: 'white cabbage' }, // White cabbage, raw
  redCabbage: { agb: '20014', label: 'red cabbage' }, // Red cabbage, raw
  napaCabbage: { agb: '20167', label: 'Chinese cabbage' }, // Chinese cabbage (nappa or bok choy), raw
  bokChoy: { agb: '20167', label: 'bok choy' }, // Chinese cabbage (nappa or bok choy), raw
  kimchi: { agb: '20167', label: 'kimchi' }, // proxy: Chinese cabbage, raw
  sauerkraut: { agb: '25220', label: 'sauerkraut' }, // Sauerkraut, without garnish, cooked
  broccoli: { agb: '20057', label: 'broccoli' }, // Broccoli, raw
  cauliflower: { agb: '20016', label: 'cauliflower' }, // Cauliflower, raw
  greenBeans: { agb: '20061_1', label: 'green beans' }, // French bean, raw
  peas: { agb: '20084', label: 'peas' }, // Garden peas, frozen, raw
  sweetcorn: { agb: '20066', label: 'sweetcorn' }, // Sweet corn, canned, drained
  leek: { agb: '20039', label: 'leek' }, // Leek, raw
  beetroot: { agb: '20091', label: 'beetroot' }, // Beetroot, raw
  butternut: { agb: '20138', label: 'butternut squash' }, // Squash, butternut, raw
  pumpkin: { agb: '20044', label: 'pumpkin' }, // Pumpkin, raw
  kale: { agb: '20218', label: 'kale' }, // Curly kale, raw
  artichoke: { agb: '20155', label: 'artichoke hearts' }, // Artichoke, heart, canned, drained
  asparagus: { agb: '20279', label: 'asparagus' }, // Asparagus, green, raw
  okra: { agb: '58103', label: 'okra' }, // Okra, cooked
  beanSprouts: { agb: '20183', label: 'bean sprouts' }, // Mung bean, sprouted, raw
  edamame: { agb: '20901', label: 'edamame' }, // proxy: Soybean, whole grain
  plantain: { agb: '53100', label: 'plantain' }, // Plantain banana, raw
  cassava: { agb: '54031', label: 'cassava' }, // Cassava, roots, raw
  yam: { agb: '53502', label: 'yam' }, // Yam, peeled, raw
  radish: { agb: '20045', label: 'radish' }, // Radish, raw
  swede: { agb: '20201', label: 'swede' }, // Rutabaga or Swede, raw
  turnip: { agb: '20064', label: 'turnip' }, // Turnip, peeled, raw
  mixedVeg: { agb: '20101', label: 'mixed vegetables' }, // Mixed vegetables, frozen, raw
  stirFryVeg: { agb: '20273', label: 'stir-fry vegetables' }, // Vegetables stir-fried, Asian-style, frozen
  bambooShoots: { agb: '20198', label: 'bamboo shoots' }, // Bamboo shoots, raw
  wakame: { agb: '20984', label: 'wakame seaweed' }, // Wakame, dried
  olives: { agb: '13147', label: 'olives' }, // Olive, green, stuffed
  nori: { agb: '20987', label: 'nori seaweed' }, // Laver (Porphyra sp.), dried
  avocado: { agb: '13004', label: 'avocado' }, // Avocado, pulp, raw
  parsley: { agb: '11014', label: 'parsley' }, // Parsley, fresh
  coriander: { agb: '11094', label: 'coriander' }, // Coriander, fresh
  basil: { agb: '11033', label: 'basil' }, // Basil, fresh
  mint: { agb: '11027', label: 'mint' }, // Mint, fresh
  dill: { agb: '11093', label: 'dill' }, // Dill, fresh
  // --- pulses, soy, nuts ---
  chickpeas: { agb: '20532', label: 'chickpeas' }, // Chick pea, canned, drained
  driedChickpeas: { agb: '20516', label: 'dried chickpeas' }, // Chick pea, dried
  kidneyBeans: { agb: '20524', label: 'kidney beans' }, // Red kidney bean, canned, drained
  blackBeans: { agb: '20524', label: 'black beans' }, // proxy: Red kidney bean, canned, drained
  whiteBeans: { agb: '20511', label: 'white beans' }, // Haricot bean, canned, drained
  bakedBeans: { agb: '20194', label: 'baked beans' }, // Haricot beans with tomato sauce, canned
  redLentils: { agb: '20535', label: 'red lentils' }, // Lentil, pink or red, dried
  greenLentils: { agb: '20585', label: 'green lentils' }, // Lentil, green, dried
  splitPeas: { agb: '20515', label: 'split peas' }, // Split pea, dried
  favaBeans: { agb: '20518', label: 'fava beans' }, // Broad bean, dried
  tofu: { agb: '20904', label: 'tofu' }, // Tofu, plain
  tempeh: { agb: '20917', label: 'tempeh' }, // Tempeh
  seitan: { agb: '25598', label: 'seitan' }, // Seitan
  soyMince: { agb: '20591_2', label: 'soy mince (dry TVP)' }, // Soy protein, textured, dehydrated
  veggiePatty: { agb: '25593', label: 'plant-based patty' }, // Plant-based patty from wheat and soybean
  falafel: { agb: '25590', label: 'falafel' }, // Falafel, prepacked
  peanuts: { agb: '15001', label: 'peanuts' }, // Peanut
  peanutButter: { agb: '15202', label: 'peanut butter' }, // Peanut butter
  cashews: { agb: '15019', label: 'cashews' }, // Cashew nut
  almonds: { agb: '15041', label: 'almonds' }, // Almond
  walnuts: { agb: '15005', label: 'walnuts' }, // Walnut, dried
  pistachios: { agb: '15044', label: 'pistachios' }, // Pistachio nut, grilled
  pumpkinSeeds: { agb: '15028', label: 'pumpkin seeds' }, // Cucurbitacea, seed
  pineNuts: { agb: '15025', label: 'pine nuts' }, // Pine nuts
  sesame: { agb: '15010', label: 'sesame seeds' }, // Sesame seed
  tahini: { agb: '15203', label: 'tahini' }, // Tahini
  coconutMilk: { agb: '18041', label: 'coconut milk' }, // Coconut milk or coconut cream
  desiccatedCoconut: { agb: '15007', label: 'desiccated coconut' }, // Coconut, kernel, dried
  // --- fats, sauces, condiments ---
  oliveOil: { agb: '17270', label: 'olive oil' }, // Olive oil, extra virgin
  oil: { agb: '17440', label: 'sunflower oil' }, // Sunflower oil
  fryingOil: { agb: '16128', label: 'frying oil' }, // Frying oil
  palmOil: { agb: '16129', label: 'palm oil' }, // Palm oil
  sesameOil: { agb: '17400', label: 'sesame oil' }, // Sesame oil
  rapeseedOil: { agb: '17130', label: 'rapeseed oil' }, // Rapeseed oil
  coconutOil: { agb: '6', label: 'coconut oil' }, // Virgin coconut oil
  soySauce: { agb: '11104', label: 'soy sauce' }, // Soy sauce
  fishSauce: { agb: '11194', label: 'fish sauce' }, // Nuoc mam sauce or fish sauce
  miso: { agb: '20916', label: 'miso' }, // Miso
  mayo: { agb: '11054', label: 'mayonnaise' }, // Mayonnaise
  ketchup: { agb: '11008', label: 'ketchup' }, // Ketchup
  mustard: { agb: '11013', label: 'mustard' }, // Mustard
  vinegar: { agb: '11018', label: 'vinegar' }, // Vinegar
  balsamic: { agb: '11091', label: 'balsamic vinegar' }, // Vinegar, balsamic
  pesto: { agb: '11179', label: 'pesto' }, // Sauce, pesto
  bbqSauce: { agb: '11100', label: 'barbecue sauce' }, // Barbecue sauce
  chilliPaste: { agb: '11112', label: 'chilli paste' }, // Harissa
  gochujang: { agb: '11112', label: 'gochujang' }, // proxy: Harissa (hot chilli paste)
  curryPaste: { agb: '20151', label: 'curry paste' }, // proxy: Chili pepper, raw
  sweetChilli: { agb: '11163', label: 'sweet chilli sauce' }, // proxy: Sweet and sour sauce
  sweetSour: { agb: '11163', label: 'sweet and sour sauce' }, // Sweet and sour sauce
  caesarDressing: { agb: '11187', label: 'Caesar dressing' }, // Salad dressing
  dressing: { agb: '11187', label: 'salad dressing' }, // Salad dressing
  salsa: { agb: '11170', label: 'tomato salsa' }, // Basque-style sauce or tomato sauce with peppers
  guacamole: { agb: '25620', label: 'guacamole' }, // Guacamole, prepacked
  hummus: { agb: '25621', label: 'hummus' }, // Hummus
  tzatziki: { agb: '11166', label: 'tzatziki' }, // Yogurt sauce
  stockBeef: { agb: '25930', label: 'beef stock' }, // Broth, beef, reconstituted
  stockChicken: { agb: '25947', label: 'chicken stock' }, // Broth, poultry, reconstituted
  stockVeg: { agb: '25948', label: 'vegetable stock' }, // Broth, vegetables, reconstituted
  redWine: { agb: '5214', label: 'red wine' }, // Wine, red
  whiteWine: { agb: '5215', label: 'white wine' }, // Wine, white, dry
  sake: { agb: '1026', label: 'sake/mirin' }, // Sake or rice wine
  beer: { agb: '5001', label: 'beer' }, // Beer, regular
  lemonJuice: { agb: '2028', label: 'lemon juice' }, // Lemon juice, pure juice
  curryPowder: { agb: '11005', label: 'curry spices' }, // Curry, powder
  paprika: { agb: '11049', label: 'paprika' }, // Paprika
  cumin: { agb: '11042', label: 'cumin' }, // Cumin, seed
  cinnamon: { agb: '11025', label: 'cinnamon' }, // Cinnamon, powder
  // --- sweet ---
  sugar: { agb: '31016', label: 'sugar' }, // Sugar, white
  brownSugar: { agb: '31017', label: 'brown sugar' }, // Sugar, brown
  honey: { agb: '31008', label: 'honey' }, // Honey
  mapleSyrup: { agb: '31034', label: 'maple syrup' }, // Syrup, maple
  darkChocolate: { agb: '31085', label: 'dark chocolate' }, // Dark chocolate bar, for cooking
  cocoa: { agb: '18100', label: 'cocoa powder' }, // Cocoa powder, without sugar
  jam: { agb: '31024', label: 'jam' }, // Jam, strawberry
  chocSpread: { agb: '31032', label: 'chocolate hazelnut spread' }, // Chocolate spread with hazelnuts
  condensedMilk: { agb: '19027', label: 'condensed milk' }, // Condensed milk, with sugar
  custard: { agb: '39710', label: 'custard' }, // Pastry cream or custard
  vanillaIceCream: { agb: '39515', label: 'vanilla ice cream' }, // Ice cream, in box
  coffee: { agb: '18004', label: 'coffee' }, // Not instant coffee, ready-to-drink
  // --- fruit ---
  apple: { agb: '13039', label: 'apple' }, // Apple, pulp and peel, raw
  banana: { agb: '13005', label: 'banana' }, // Banana, pulp, raw
  berries: { agb: '13997', label: 'mixed berries' }, // Red berries, raw
  strawberries: { agb: '13014_1', label: 'strawberries' }, // Strawberry, raw
  blueberries: { agb: '13028', label: 'blueberries' }, // Blueberry, raw
  lemon: { agb: '13009', label: 'lemon' }, // Lemon, pulp, raw
  lime: { agb: '13067', label: 'lime' }, // Lime, pulp, raw
  mango: { agb: '13025_1', label: 'mango' }, // Mango, pulp, raw
  pineapple: { agb: '13002', label: 'pineapple' }, // Pineapple, pulp, raw
  orange: { agb: '13034', label: 'orange' }, // Orange, pulp, raw
  pear: { agb: '13037', label: 'pear' }, // Pear, raw
  raisins: { agb: '13046', label: 'raisins' }, // Raisin
  dates: { agb: '13011', label: 'dates' }, // Date, dried
  driedApricots: { agb: '13001', label: 'dried apricots' }, // Apricot, dried
  papaya: { agb: '13035', label: 'papaya' }, // Papaya, pulp, raw
  tamarind: { agb: '13080', label: 'tamarind' }, // Tamarind, mature fruit, pulp, raw
  orangeJuice: { agb: '2012', label: 'orange juice' }, // Orange juice, from concentrate
  grapes: { agb: '13112', label: 'grapes' }, // Grape, raw
  kiwi: { agb: '13021', label: 'kiwi' }, // Kiwi fruit, raw
  pomegranate: { agb: '13018', label: 'pomegranate' }, // Pomegranate, raw
} as const satisfies Record<string, { agb: string; label: string }>;

export type IngredientKey = keyof typeof INGREDIENTS;

/** One ingredient line: `i('beefMince', 120)`; optionally override the shown label. */
export function i(key: IngredientKey, grams: number, label?: string): DishIngredient {
  const item = INGREDIENTS[key];
  return { agb: item.agb, grams, label: label ?? item.label };
}
