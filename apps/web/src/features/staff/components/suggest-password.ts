const WORDS = [
  'Mango',
  'Pepper',
  'Orange',
  'Guava',
  'Cashew',
  'Plantain',
  'Kola',
  'Baobab',
  'Palm',
  'Ginger',
];
const SYMBOLS = '!@#$%*?';

const pick = (n: number) => crypto.getRandomValues(new Uint32Array(1))[0]! % n;

/**
 * A first password the admin can read out to the employee: a word, four digits and a symbol, so it
 * passes the contracts' rules (8+ characters, upper, lower, number, special). They change it later.
 */
export const suggestPassword = (): string => {
  const digits = Array.from({ length: 4 }, () => pick(10)).join('');
  return `${WORDS[pick(WORDS.length)]}${digits}${SYMBOLS[pick(SYMBOLS.length)]}`;
};
