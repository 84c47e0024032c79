import { Badge, Button, Card, Group, Progress, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconChevronRight } from '@tabler/icons-react';
import { AppLink } from '@/components/ui/app-link';
import { useGettingStarted } from '../api/dashboard';
import { STEPS, stepPath } from './getting-started-steps';
import { LoadError } from '@/components/ui/query-states';

/** Spec 000 §3 getting-started checklist: each step done or not, what it means, and how far along. */
export const GettingStartedCard = () => {
  const query = useGettingStarted();

  if (query.isPending) return <Skeleton h={320} radius="md" />;
  if (query.isError)
    return <LoadError what="your checklist" error={query.error} onRetry={() => void query.refetch()} />;

  const status = query.data;
  const done = STEPS.filter((s) => status[s.key].status).length;
  const allDone = done === STEPS.length;

  return (
    <Card withBorder radius="md" padding="lg" data-testid="getting-started">
      <Stack gap="md">
        <div>
          <Group justify="space-between" align="baseline" gap="xs">
            <Title order={2} size="h3">
              Getting started
            </Title>
            <Text fw={700} c={allDone ? 'teal' : undefined} aria-live="polite">
              {done} of {STEPS.length} done
            </Text>
          </Group>
          <Progress
            value={(done / STEPS.length) * 100}
            mt="xs"
            size="md"
            radius="xl"
            aria-label="Getting started progress"
          />
          {allDone && (
            <Text size="sm" c="teal" mt="xs">
              All set — your business is ready to sell and get paid.
            </Text>
          )}
        </div>
        <Stack gap={0} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {STEPS.map((step, i) => {
            const isDone = status[step.key].status;
            const to = stepPath(step);
            return (
              <Group
                key={step.key}
                component="li"
                wrap="nowrap"
                align="flex-start"
                gap="md"
                py="sm"
                style={{ borderTop: i ? '1px solid var(--mantine-color-gray-2)' : undefined }}
                data-testid={`step-${step.key}`}
                data-done={isDone || undefined}
              >
                <ThemeIcon
                  size={32}
                  radius="xl"
                  variant={isDone ? 'filled' : 'light'}
                  color={isDone ? 'teal' : 'gray'}
                >
                  {isDone ? <IconCircleCheck size={20} /> : <IconCircleDashed size={20} />}
                </ThemeIcon>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Group gap={8} wrap="wrap">
                    <Text fw={600} td={isDone ? 'line-through' : undefined} c={isDone ? 'dimmed' : undefined}>
                      {step.title}
                    </Text>
                    {isDone && (
                      <Badge size="sm" variant="light" color="teal">
                        Done
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {step.meaning}
                  </Text>
                  {!isDone && to && (
                    <Button
                      component={AppLink}
                      to={to}
                      variant="light"
                      size="xs"
                      mt={6}
                      rightSection={<IconChevronRight size={14} />}
                    >
                      {step.action}
                    </Button>
                  )}
                </div>
              </Group>
            );
          })}
        </Stack>
        {STEPS.some((step) => !status[step.key].status && !stepPath(step)) && (
          <Text size="xs" c="dimmed">
            Steps without a button open from here once that part of the app is ready.
          </Text>
        )}
      </Stack>
    </Card>
  );
};
