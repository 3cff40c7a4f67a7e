import type { MenuDrink } from '@festival/contracts';
/** A drink of the seeded menu: prices in integer cents, `available` the opening stock. */
export type MenuSeed = Omit<MenuDrink, 'hidden'>;

/**
 * The festival's drinks menu, seeded into a database that has no drinks yet (see
 * docs/drinks.md). Stock is what the bar starts the night with; staff adjust it from the
 * admin area.
 */
export const FESTIVAL_MENU: MenuSeed[] = [
  // Lassis
  {
    id: 'mango-lassi',
    name: 'Mango Lassi',
    description: 'Alphonso mango blended with yogurt and a pinch of cardamom.',
    category: 'Lassis',
    priceCents: 650,
    available: 80,
  },
  {
    id: 'sweet-lassi',
    name: 'Sweet Lassi',
    description: 'Chilled whipped yogurt, lightly sweetened, with rose water.',
    category: 'Lassis',
    priceCents: 550,
    available: 60,
  },
  {
    id: 'salt-lassi',
    name: 'Salted Cumin Lassi',
    description: 'Savoury yogurt drink with roasted cumin, mint and a little green chili.',
    category: 'Lassis',
    priceCents: 550,
    available: 40,
  },
  {
    id: 'rose-pistachio-lassi',
    name: 'Rose Pistachio Lassi',
    description: 'Rose syrup, crushed pistachios and saffron over thick yogurt.',
    category: 'Lassis',
    priceCents: 700,
    available: 40,
  },

  // Tea and coffee
  {
    id: 'masala-chai',
    name: 'Masala Chai',
    description: 'Assam tea simmered with milk, ginger, cardamom, cloves and cinnamon.',
    category: 'Chai & Coffee',
    priceCents: 400,
    available: 120,
  },
  {
    id: 'filter-coffee',
    name: 'Madras Filter Coffee',
    description: 'Chicory-blend decoction with frothy hot milk, served in a steel davara.',
    category: 'Chai & Coffee',
    priceCents: 450,
    available: 100,
  },
  {
    id: 'iced-filter-coffee',
    name: 'Iced Filter Coffee',
    description: 'Our filter coffee over ice with a touch of jaggery.',
    category: 'Chai & Coffee',
    priceCents: 550,
    available: 60,
  },
  {
    id: 'ginger-lemon-tea',
    name: 'Ginger Lemon Honey Tea',
    description: 'Caffeine-free: fresh ginger, lemon and honey.',
    category: 'Chai & Coffee',
    priceCents: 400,
    available: 50,
  },

  // Mocktails
  {
    id: 'nimbu-soda',
    name: 'Nimbu Soda',
    description: 'Fresh lime and soda, sweet, salted or both.',
    category: 'Mocktails',
    priceCents: 500,
    available: 80,
  },
  {
    id: 'kokum-cooler',
    name: 'Kokum Cooler',
    description: 'Tangy kokum from the Konkan coast with mint and black salt.',
    category: 'Mocktails',
    priceCents: 600,
    available: 50,
  },
  {
    id: 'tender-coconut-cooler',
    name: 'Tender Coconut Cooler',
    description: 'Coconut water, tender coconut flesh, lime and basil seeds.',
    category: 'Mocktails',
    priceCents: 700,
    available: 40,
  },
  {
    id: 'watermelon-mint-cooler',
    name: 'Watermelon Mint Cooler',
    description: 'Fresh watermelon juice with mint and a squeeze of lime.',
    category: 'Mocktails',
    priceCents: 650,
    available: 50,
  },
  {
    id: 'jal-jeera',
    name: 'Jal Jeera',
    description: 'Spiced cumin and tamarind cooler, served with boondi.',
    category: 'Mocktails',
    priceCents: 500,
    available: 40,
  },

  // Soft drinks
  {
    id: 'thums-up',
    name: 'Thums Up',
    description: 'The strong Indian cola, 300 ml bottle.',
    category: 'Soft Drinks',
    priceCents: 350,
    available: 96,
  },
  { id: 'limca', name: 'Limca', description: 'Lemon-lime soda, 300 ml bottle.', category: 'Soft Drinks', priceCents: 350, available: 72 },
  {
    id: 'coca-cola',
    name: 'Coca-Cola',
    description: 'Classic or Zero Sugar, 12 oz can.',
    category: 'Soft Drinks',
    priceCents: 300,
    available: 120,
  },
  {
    id: 'sparkling-water',
    name: 'Sparkling Water',
    description: 'Chilled sparkling mineral water, 500 ml.',
    category: 'Soft Drinks',
    priceCents: 300,
    available: 96,
  },

  // Beer (21+)
  {
    id: 'kingfisher',
    name: 'Kingfisher Premium',
    description: 'Crisp Indian lager, 12 oz bottle. 21+ only.',
    category: 'Beer',
    priceCents: 800,
    available: 144,
  },
  {
    id: 'taj-mahal',
    name: 'Taj Mahal Lager',
    description: 'Smooth Indian lager, 22 oz bottle to share. 21+ only.',
    category: 'Beer',
    priceCents: 1100,
    available: 60,
  },
  {
    id: 'bira-white',
    name: 'Bira 91 White',
    description: 'Wheat ale with coriander and orange peel, 12 oz can. 21+ only.',
    category: 'Beer',
    priceCents: 900,
    available: 72,
  },
  {
    id: 'hazy-ipa',
    name: 'Local Hazy IPA',
    description: 'From a Bay Area craft brewery, 16 oz draft. 21+ only.',
    category: 'Beer',
    priceCents: 950,
    available: 80,
  },

  // Wine (21+)
  {
    id: 'sula-sauvignon-blanc',
    name: 'Sula Sauvignon Blanc',
    description: 'Bright, citrusy white from Nashik, by the glass. 21+ only.',
    category: 'Wine',
    priceCents: 1200,
    available: 40,
  },
  {
    id: 'sula-shiraz',
    name: 'Sula Shiraz',
    description: 'Soft, peppery red from Nashik, by the glass. 21+ only.',
    category: 'Wine',
    priceCents: 1200,
    available: 40,
  },
  {
    id: 'sparkling-rose',
    name: 'Sparkling Rosé',
    description: 'Dry California sparkling rosé, by the glass. 21+ only.',
    category: 'Wine',
    priceCents: 1300,
    available: 36,
  },

  // Cocktails (21+)
  {
    id: 'mango-chili-margarita',
    name: 'Mango Chili Margarita',
    description: 'Tequila, mango, lime and a Kashmiri chili salt rim. 21+ only.',
    category: 'Cocktails',
    priceCents: 1400,
    available: 60,
  },
  {
    id: 'chai-old-fashioned',
    name: 'Masala Chai Old Fashioned',
    description: 'Bourbon stirred with chai-spiced syrup and orange bitters. 21+ only.',
    category: 'Cocktails',
    priceCents: 1500,
    available: 48,
  },
  {
    id: 'curry-leaf-gin-tonic',
    name: 'Curry Leaf Gin & Tonic',
    description: 'Gin with tonic, charred curry leaves and lime. 21+ only.',
    category: 'Cocktails',
    priceCents: 1300,
    available: 48,
  },
  {
    id: 'tamarind-whiskey-sour',
    name: 'Tamarind Whiskey Sour',
    description: 'Rye whiskey, tamarind, lemon and jaggery. 21+ only.',
    category: 'Cocktails',
    priceCents: 1400,
    available: 48,
  },
];
