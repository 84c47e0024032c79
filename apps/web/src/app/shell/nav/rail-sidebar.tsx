import { useState } from 'react';
import { Accordion, Box, NavLink, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { AppLink } from '@/components/ui/app-link';
import { useAppLocation } from '@/lib/app-location';
import classes from '../shell.module.css';
import { FREQUENT_ENTRIES, RAIL_ENTRIES, RAIL_GROUPS, visibleEntries, visibleSections } from './nav-entries';
import { externalTarget } from './searchable-sidebar';
import { isActivePath, useViewer } from './use-viewer';

/** Spec 000 §2.6: a rail of main destinations, a "Frequently Used" grid and collapsible groups. */
export const RailSidebar = ({ onLogout }: { onLogout: () => void }) => {
  const viewer = useViewer();
  const { pathname } = useAppLocation();
  const rail = visibleEntries(RAIL_ENTRIES, viewer);
  const frequent = visibleEntries(FREQUENT_ENTRIES, viewer);
  const groups = visibleSections(RAIL_GROUPS, viewer);
  // The group holding the current page starts open; the others wait for a tap.
  const [open, setOpen] = useState<string[]>(() =>
    groups.filter((g) => g.entries.some((e) => isActivePath(pathname, e.to))).map((g) => g.title ?? ''),
  );

  return (
    <Box h="100%" style={{ display: 'flex', minHeight: 0 }}>
      <Stack
        component="nav"
        aria-label="Main"
        w={76}
        gap={4}
        p={6}
        style={{ borderRight: '1px solid var(--mantine-color-gray-3)', flexShrink: 0 }}
      >
        {rail.map((entry) => {
          const Icon = entry.icon;
          const active = isActivePath(pathname, entry.to);
          return (
            <UnstyledButton
              key={entry.label}
              component={AppLink}
              to={entry.to}
              className={classes.railButton}
              data-active={active || undefined}
              aria-current={active ? 'page' : undefined}
            >
              <Icon size={22} stroke={1.6} aria-hidden />
              <span>{entry.label}</span>
            </UnstyledButton>
          );
        })}
      </Stack>
      <Box className={classes.navScroll}>
        <Box p="sm">
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={6}>
            Frequently Used
          </Text>
          <SimpleGrid cols={3} spacing={8} mb="md">
            {frequent.map((entry) => {
              const Icon = entry.icon;
              const active = isActivePath(pathname, entry.to);
              return (
                <UnstyledButton
                  key={entry.label}
                  component={AppLink}
                  to={entry.to}
                  className={classes.tile}
                  data-active={active || undefined}
                >
                  <Icon size={22} stroke={1.6} aria-hidden />
                  <span>{entry.label}</span>
                </UnstyledButton>
              );
            })}
            <UnstyledButton className={classes.tile} onClick={onLogout} c="red.9">
              <IconLogout size={22} stroke={1.6} aria-hidden />
              <span>Logout</span>
            </UnstyledButton>
          </SimpleGrid>
          <Accordion multiple value={open} onChange={setOpen} variant="default" chevronPosition="right">
            {groups.map((group) => (
              <Accordion.Item key={group.title} value={group.title ?? ''}>
                <Accordion.Control>
                  <Text fw={600} size="sm">
                    {group.title}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  {group.entries.map((entry) => {
                    const Icon = entry.icon;
                    const common = {
                      label: entry.label,
                      leftSection: <Icon size={20} stroke={1.6} />,
                      style: { borderRadius: 'var(--mantine-radius-md)' },
                      py: 10,
                    };
                    if (entry.external)
                      return (
                        <NavLink
                          key={entry.label}
                          component="a"
                          href={entry.to}
                          {...externalTarget(entry.to)}
                          {...common}
                        />
                      );
                    const active = isActivePath(pathname, entry.to);
                    return (
                      <NavLink
                        key={entry.label}
                        component={AppLink}
                        to={entry.to}
                        active={active}
                        aria-current={active ? 'page' : undefined}
                        {...common}
                      />
                    );
                  })}
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Box>
      </Box>
    </Box>
  );
};
