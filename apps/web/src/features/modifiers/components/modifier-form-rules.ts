import { ruleMessages, type CreateModifierSetBody, type ModifierSet } from '@ms/contracts';
import { localId } from '@/lib/local-id';

/**
 * The rules of the modifier-set form (spec 001 §5 and 000 §5): a set can be saved only when its
 * name is not empty and every modifier has a name and a numeric price; a price left empty is 0;
 * a row's delete button shows only while more than one row exists.
 */
export type ModifierRow = { key: string; _id?: string; name: string; price: string };
export type ModifierFormValues = { name: string; rows: ModifierRow[] };
export type ModifierFormErrors = { name?: string; rows: { name?: string; price?: string }[] };

export const DEFAULT_MODIFIER_PRICE = 0;

export const emptyRow = (): ModifierRow => ({ key: localId(8), name: '', price: '' });
export const emptyModifierForm = (): ModifierFormValues => ({ name: '', rows: [emptyRow()] });

/** The form filled from a saved set (editing). */
export const formFromSet = (set: ModifierSet): ModifierFormValues => ({
  name: set.name,
  rows: set.modifiers.length
    ? set.modifiers.map((m) => ({ key: m._id, _id: m._id, name: m.name, price: String(m.selling_price) }))
    : [emptyRow()],
});

/** A price as typed: empty means the default (0); otherwise a number, at most 2 decimals. */
export const parsePrice = (text: string): number | null => {
  const t = text.trim().replace(/,/g, '');
  if (t === '') return DEFAULT_MODIFIER_PRICE;
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  return Number(t);
};

export const validateModifierForm = (values: ModifierFormValues): ModifierFormErrors => ({
  name: values.name.trim() ? undefined : ruleMessages.generic_required('set name'),
  rows: values.rows.map((r) => ({
    name: r.name.trim() ? undefined : ruleMessages.generic_required('modifier name'),
    price:
      parsePrice(r.price) === null
        ? 'The price should be an numeric amount in naira (e.g. 150 or 150.50).'
        : undefined,
  })),
});

export const hasErrors = (errors: ModifierFormErrors): boolean =>
  !!errors.name || errors.rows.some((r) => r.name || r.price);

/** The form may be saved: set name present, every row a name and a numeric price. */
export const canSaveModifierForm = (values: ModifierFormValues): boolean =>
  values.rows.length > 0 && !hasErrors(validateModifierForm(values));

/** Rows can be deleted only while more than one exists. */
export const canDeleteRow = (rows: readonly ModifierRow[]): boolean => rows.length > 1;

export const addRow = (values: ModifierFormValues): ModifierFormValues => ({
  ...values,
  rows: [...values.rows, emptyRow()],
});

export const removeRow = (values: ModifierFormValues, key: string): ModifierFormValues =>
  canDeleteRow(values.rows) ? { ...values, rows: values.rows.filter((r) => r.key !== key) } : values;

/** What POST /modifiers/set (and PUT) receives; call only when canSaveModifierForm. */
export const toModifierSetBody = (values: ModifierFormValues): CreateModifierSetBody => ({
  name: values.name.trim(),
  modifiers: values.rows.map((r) => ({
    ...(r._id ? { _id: r._id } : {}),
    name: r.name.trim(),
    selling_price: parsePrice(r.price) ?? DEFAULT_MODIFIER_PRICE,
  })),
});
