import type { ReactNode } from 'react';
import { Group, Paper } from '@mantine/core';

/**
 * The screen's main buttons, kept in view at the bottom while a long list scrolls (a count of a
 * few hundred items on a phone), so saving never needs a scroll to the end.
 */
export const ActionBar = ({ children }: { children: ReactNode }) => (
  <Paper
    withBorder
    shadow="sm"
    radius="md"
    p="xs"
    style={{ position: 'sticky', bottom: 8, zIndex: 5 }}
    role="region"
    aria-label="Actions"
  >
    <Group justify="flex-end" gap="xs">
      {children}
    </Group>
  </Paper>
);
