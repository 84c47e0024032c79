import { Text, type TextProps } from '@mantine/core';
import { differenceState, formatMoney } from '@ms/contracts';

const COLOURS = { short: 'red.7', over: 'orange.7', exact: 'teal.7' } as const;

/** How counted cash compares with expected: "Short by ₦x" (red), "Over by ₦x" (amber) or "Exact" (green). */
export const differenceLabel = (difference: number): string => {
  const state = differenceState(difference);
  if (state === 'exact') return 'Exact';
  return `${state === 'short' ? 'Short by' : 'Over by'} ${formatMoney(Math.abs(difference))}`;
};

export const CashDifference = ({ difference, ...props }: TextProps & { difference: number }) => {
  const state = differenceState(difference);
  return (
    <Text component="span" fw={700} c={COLOURS[state]} data-state={state} {...props}>
      {differenceLabel(difference)}
    </Text>
  );
};
