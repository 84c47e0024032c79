import { PinInput as MantinePinInput } from '@mantine/core';
import { PIN_LENGTH } from '@ms/contracts';

/**
 * Spec 000 §2.7 4-digit PIN entry: four single-digit password boxes that move forward as you type
 * and back on Backspace; every change emits the combined value.
 */
export type PinInputProps = {
  value?: string;
  onChange: (pin: string) => void;
  onComplete?: (pin: string) => void;
  error?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Read out by screen readers for each box, e.g. "PIN". */
  label?: string;
};

export const PinInput = ({
  value,
  onChange,
  onComplete,
  error,
  disabled,
  autoFocus,
  label = 'PIN',
}: PinInputProps) => (
  <MantinePinInput
    length={PIN_LENGTH}
    type="number"
    inputMode="numeric"
    mask
    size="lg"
    gap="sm"
    value={value}
    onChange={onChange}
    onComplete={onComplete}
    error={error}
    disabled={disabled}
    autoFocus={autoFocus}
    ariaLabel={label}
    placeholder=""
  />
);
