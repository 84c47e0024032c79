import { describe, expect, it } from 'vitest';
import {
  addRow,
  canDeleteRow,
  canSaveModifierForm,
  emptyModifierForm,
  parsePrice,
  removeRow,
  toModifierSetBody,
  validateModifierForm,
  type ModifierFormValues,
} from './modifier-form-rules';

const form = (name: string, rows: [string, string][]): ModifierFormValues => ({
  name,
  rows: rows.map(([n, price], i) => ({ key: `k${i}`, name: n, price })),
});

describe('modifier set form rules (spec 001 §5)', () => {
  it('can be saved only with a set name and every modifier a name and a numeric price', () => {
    expect(canSaveModifierForm(form('Extras', [['Cheese', '200']]))).toBe(true);
    expect(canSaveModifierForm(form('  ', [['Cheese', '200']]))).toBe(false);
    expect(
      canSaveModifierForm(
        form('Extras', [
          ['Cheese', '200'],
          [' ', '10'],
        ]),
      ),
    ).toBe(false);
    expect(canSaveModifierForm(form('Extras', [['Cheese', 'abc']]))).toBe(false);
    expect(canSaveModifierForm(form('Extras', [['Cheese', '-5']]))).toBe(false);
    expect(canSaveModifierForm(form('Extras', []))).toBe(false);
  });

  it('names each failing field with the spec message', () => {
    const errors = validateModifierForm(
      form('', [
        ['', 'x'],
        ['Ok', ''],
      ]),
    );
    expect(errors.name).toBe('The set name field is required.');
    expect(errors.rows[0]).toEqual({
      name: 'The modifier name field is required.',
      price: 'The price should be an numeric amount in naira (e.g. 150 or 150.50).',
    });
    expect(errors.rows[1]).toEqual({ name: undefined, price: undefined });
  });

  it('reads an empty price as the default 0, accepts up to 2 decimals and thousands commas', () => {
    expect(parsePrice('')).toBe(0);
    expect(parsePrice(' 150.5 ')).toBe(150.5);
    expect(parsePrice('1,500')).toBe(1500);
    expect(parsePrice('1.234')).toBeNull();
    expect(parsePrice('ten')).toBeNull();
    expect(
      toModifierSetBody(
        form(' Extras ', [
          [' Napkin ', ''],
          ['Cheese', '200.25'],
        ]),
      ),
    ).toEqual({
      name: 'Extras',
      modifiers: [
        { name: 'Napkin', selling_price: 0 },
        { name: 'Cheese', selling_price: 200.25 },
      ],
    });
  });

  it('allows deleting a row only while more than one row exists', () => {
    const one = emptyModifierForm();
    expect(one.rows).toHaveLength(1);
    expect(canDeleteRow(one.rows)).toBe(false);
    expect(removeRow(one, one.rows[0]!.key).rows).toHaveLength(1);
    const two = addRow(one);
    expect(two.rows).toHaveLength(2);
    expect(canDeleteRow(two.rows)).toBe(true);
    const back = removeRow(two, two.rows[0]!.key);
    expect(back.rows.map((r) => r.key)).toEqual([two.rows[1]!.key]);
  });

  it('keeps the _id of an existing modifier when editing', () => {
    const values: ModifierFormValues = {
      name: 'S',
      rows: [{ key: 'a', _id: 'm1', name: 'Egg', price: '100' }],
    };
    expect(toModifierSetBody(values).modifiers[0]).toEqual({ _id: 'm1', name: 'Egg', selling_price: 100 });
  });
});
