import { NumberInput, type NumberInputProps } from '@mantine/core';

type Props = Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: number | null;
  onChange: (value: number | null) => void;
};

/** A whole, non-negative quantity; an empty box is null. Big enough for a thumb, numeric keypad on phones. */
export const QuantityInput = ({ value, onChange, ...rest }: Props) => (
  <NumberInput
    value={value ?? ''}
    onChange={(v) => onChange(v === '' || v === null || v === undefined ? null : Number(v))}
    allowDecimal={false}
    allowNegative={false}
    hideControls
    inputMode="numeric"
    size="md"
    thousandSeparator=","
    {...rest}
  />
);
