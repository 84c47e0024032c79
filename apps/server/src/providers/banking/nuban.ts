/**
 * The CBN's NUBAN check digit: a ten-digit account number is a nine-digit serial and a check digit
 * computed over the three-digit bank code and the serial with the weights 3, 7, 3, repeated.
 * (The 2020 revision pads the institution code to six digits; a bank's "000" prefix adds nothing,
 * so the three-digit form gives the same digit.)
 */
const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];

export const nubanCheckDigit = (bankCode: string, serial: string): number => {
  const digits = `${bankCode}${serial}`;
  const sum = [...digits].reduce((total, d, i) => total + Number(d) * WEIGHTS[i]!, 0);
  return (10 - (sum % 10)) % 10;
};

/** True when `accountNumber` is ten digits whose last is the check digit for `bankCode`. */
export const isValidNuban = (accountNumber: string, bankCode: string): boolean =>
  /^\d{10}$/.test(accountNumber) &&
  /^\d{3}$/.test(bankCode) &&
  nubanCheckDigit(bankCode, accountNumber.slice(0, 9)) === Number(accountNumber[9]);

/** The account number of a nine-digit serial at a bank: the serial and its check digit. */
export const nubanOf = (bankCode: string, serial: string): string =>
  `${serial}${nubanCheckDigit(bankCode, serial)}`;
