import type { ReactNode } from 'react';
import { MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { TOAST_TIMEOUT_MS } from '@ms/contracts';
import { queryClient } from '@/lib/query-client';

const theme = createTheme({
  primaryColor: 'teal',
  // Shade 9: white on teal buttons and teal links on white reach WCAG AA contrast (4.5:1).
  primaryShade: 9,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
});

// Mantine's default dimmed grey, error red and light teal fall short of 4.5:1 on white.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f6770',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-teal-light': 'var(--mantine-color-teal-0)',
  },
  dark: {},
});

export const Providers = ({ children }: { children: ReactNode }) => (
  <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
    <Notifications position="top-right" autoClose={TOAST_TIMEOUT_MS} limit={3} />
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  </MantineProvider>
);
