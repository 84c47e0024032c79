import { Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

/**
 * Spec 000 §2.7 / §5 step counter. `current` counts from 1; a current step past the last one is a
 * programming error and throws (the spec's stepper "fails"). `completed` ticks every step.
 */
export type StepperProps = {
  steps: readonly string[];
  current: number;
  completed?: boolean;
};

export const assertStep = (current: number, total: number) => {
  if (!Number.isInteger(current) || current < 1 || current > total)
    throw new RangeError(`Step ${current} does not exist: there are ${total} steps.`);
};

export const Stepper = ({ steps, current, completed = false }: StepperProps) => {
  assertStep(current, steps.length);
  return (
    <Box component="nav" aria-label="Progress">
      <Text size="sm" c="dimmed" mb={6} aria-live="polite">
        {completed ? (
          `All ${steps.length} steps done`
        ) : (
          <>
            Step {current} of {steps.length}: <b>{steps[current - 1]}</b>
          </>
        )}
      </Text>
      <Group component="ol" gap={6} wrap="nowrap" m={0} p={0} style={{ listStyle: 'none' }}>
        {steps.map((label, i) => {
          const n = i + 1;
          const done = completed || n < current;
          const active = !completed && n === current;
          return (
            <Box
              component="li"
              key={label}
              aria-current={active ? 'step' : undefined}
              style={{ flex: 1, minWidth: 0 }}
            >
              <VisuallyHidden>{`${label}${done ? ' (done)' : active ? ' (current)' : ''}`}</VisuallyHidden>
              <Box
                aria-hidden
                h={6}
                style={{
                  borderRadius: 3,
                  background: done || active ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-gray-3)',
                  opacity: active ? 0.6 : 1,
                }}
              />
              <Group gap={4} mt={6} wrap="nowrap" visibleFrom="xs" aria-hidden>
                {done ? <IconCheck size={14} color="var(--mantine-color-teal-7)" aria-hidden /> : null}
                <Text size="xs" fw={active ? 700 : 500} c={done || active ? undefined : 'dimmed'} truncate>
                  {label}
                </Text>
              </Group>
            </Box>
          );
        })}
      </Group>
    </Box>
  );
};
