import { describe, expect, it } from 'vitest';
import { isValidNuban, nubanCheckDigit, nubanOf } from './nuban.js';

describe('NUBAN check digit', () => {
  it("gives the CBN standard's worked example: bank 011, serial 000001457, digit 9", () => {
    expect(nubanCheckDigit('011', '000001457')).toBe(9);
    expect(isValidNuban('0000014579', '011')).toBe(true);
  });

  it('refuses any other last digit, another bank, and numbers that are not ten digits', () => {
    for (let d = 0; d < 10; d++) if (d !== 9) expect(isValidNuban(`000001457${d}`, '011')).toBe(false);
    expect(isValidNuban('0000014579', '058')).toBe(nubanOf('058', '000001457') === '0000014579');
    expect(isValidNuban('000001457', '011')).toBe(false);
    expect(isValidNuban('00000145790', '011')).toBe(false);
    expect(isValidNuban('000001457a', '011')).toBe(false);
  });

  it('makes numbers that check', () => {
    for (const bank of ['044', '058', '057', '214'])
      for (const serial of ['000000001', '123456789', '987654321'])
        expect(isValidNuban(nubanOf(bank, serial), bank)).toBe(true);
  });
});
