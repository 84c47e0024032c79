import { Group, List, Text, VisuallyHidden } from '@mantine/core';
import { IconCircle, IconCircleCheckFilled, IconCircleX } from '@tabler/icons-react';
import { password, ruleMessages } from '@ms/contracts';

/** The contracts' password() rule, one line per requirement, ticked live as the user types. */
export const PASSWORD_RULES = [
  ruleMessages.minmax('password', 8, 64),
  ruleMessages.atleastonenumber('password'),
  ruleMessages.atleastoneuppercase('password'),
  ruleMessages.atleastonelowercase('password'),
  ruleMessages.atleastonespecialcharacter('password'),
] as const;

const schema = password();

/** Messages of the rules the value breaks (the same checks the server runs). */
export const brokenPasswordRules = (value: string): Set<string> => {
  const result = schema.safeParse(value);
  return new Set(result.success ? [] : result.error.issues.map((i) => i.message));
};

/** `invalid` (the field was left with a bad password) turns the rules still broken red. */
export const PasswordRules = ({
  value,
  id,
  invalid = false,
}: {
  value: string;
  id?: string;
  invalid?: boolean;
}) => {
  const broken = brokenPasswordRules(value);
  return (
    <List
      id={id}
      spacing={4}
      size="sm"
      mt={8}
      listStyleType="none"
      aria-live="polite"
      aria-label="Password rules"
    >
      {PASSWORD_RULES.map((rule) => {
        const ok = value !== '' && !broken.has(rule);
        return (
          <List.Item key={rule}>
            <Group gap={6} wrap="nowrap" align="flex-start">
              {ok ? (
                <IconCircleCheckFilled
                  size={16}
                  color="var(--mantine-color-teal-7)"
                  aria-hidden
                  style={{ flex: 'none', marginTop: 2 }}
                />
              ) : invalid ? (
                <IconCircleX
                  size={16}
                  color="var(--mantine-color-red-7)"
                  aria-hidden
                  style={{ flex: 'none', marginTop: 2 }}
                />
              ) : (
                <IconCircle
                  size={16}
                  color="var(--mantine-color-gray-5)"
                  aria-hidden
                  style={{ flex: 'none', marginTop: 2 }}
                />
              )}
              <Text size="sm" c={ok ? 'teal.8' : invalid ? 'red.7' : 'dimmed'}>
                <VisuallyHidden>{ok ? 'Done: ' : 'To do: '}</VisuallyHidden>
                {rule}
              </Text>
            </Group>
          </List.Item>
        );
      })}
    </List>
  );
};
