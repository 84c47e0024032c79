import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { TEXT } from '@ms/contracts';

type Props = { children: ReactNode; resetKey: string };
type State = { error: Error | null; key: string };

/**
 * Spec 000 §2.4 application error: a crash inside a page replaces the content area with a message
 * and the reload button, while the top bar and sidebar stay usable. Navigating elsewhere clears it.
 */
export class ContentErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Page crashed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <AppErrorScreen message={this.state.error.message} />;
  }
}

export const AppErrorScreen = ({ message }: { message?: string }) => (
  <Center mih="60vh" p="md" data-testid="app-error">
    <Stack align="center" maw={440} ta="center" gap="sm">
      <IconAlertTriangle size={48} color="var(--mantine-color-red-6)" aria-hidden />
      <Title order={2}>Something went wrong</Title>
      <Text c="dimmed">
        {message || 'The app hit an unexpected error.'} Reloading the page usually fixes it; nothing you saved
        is lost.
      </Text>
      <Button size="md" onClick={() => window.location.reload()}>
        {TEXT.reload}
      </Button>
    </Stack>
  </Center>
);
