import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { NumberField } from '../lib/varieties';

/** What a NumberInput gives (number, or text while empty or half typed) as a form value. */
export const toNumberField = (v: number | string): NumberField => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : '';
  const t = v.trim().replace(/,/g, '');
  return t === '' || !Number.isFinite(Number(t)) ? '' : Number(t);
};

type Props = Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: NumberField;
  onChange: (value: NumberField) => void;
};

/** A naira amount: ₦ sign, thousands separators, 2 decimals, never negative. */
export const MoneyInput = ({ value, onChange, ...rest }: Props) => (
  <NumberInput
    prefix="₦"
    thousandSeparator=","
    decimalScale={2}
    allowNegative={false}
    hideControls
    inputMode="decimal"
    value={value}
    onChange={(v) => onChange(toNumberField(v))}
    {...rest}
  />
);

/** A whole quantity of stock. */
export const CountInput = ({ value, onChange, ...rest }: Props) => (
  <NumberInput
    allowDecimal={false}
    allowNegative={false}
    thousandSeparator=","
    hideControls
    inputMode="numeric"
    value={value}
    onChange={(v) => onChange(toNumberField(v))}
    {...rest}
  />
);
