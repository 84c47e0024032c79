import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { TEXT } from '@ms/contracts';
import { useRouteError } from 'react-router';

/** Spec 000 §2.4 application error: the whole screen with a reload button. */
export const RouteError = () => {
  const error = useRouteError();
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" maw={420} ta="center">
        <Title order={2}>Something went wrong</Title>
        <Text c="dimmed">{error instanceof Error ? error.message : 'The app hit an unexpected error.'}</Text>
        <Button onClick={() => window.location.reload()}>{TEXT.reload}</Button>
      </Stack>
    </Center>
  );
};
