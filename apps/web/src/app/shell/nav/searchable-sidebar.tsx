import { useState } from 'react';
import { Box, CloseButton, NavLink, Stack, Text, TextInput } from '@mantine/core';
import { IconLogout, IconSearch } from '@tabler/icons-react';
import { TEXT } from '@ms/contracts';
import { AppLink } from '@/components/ui/app-link';
import { useAppLocation } from '@/lib/app-location';
import { filterSections, SEARCHABLE_SECTIONS, visibleSections, type VisibleEntry } from './nav-entries';
import classes from '../shell.module.css';
import { isActivePath, useViewer } from './use-viewer';

/** Spec 000 §2.5: sections of links with a search box and Logout at the bottom. */
export const SearchableSidebar = ({ onLogout }: { onLogout: () => void }) => {
  const viewer = useViewer();
  const [text, setText] = useState('');
  const sections = visibleSections(SEARCHABLE_SECTIONS, viewer);
  const shown = filterSections(sections, text);
  const { pathname } = useAppLocation();

  return (
    <Stack h="100%" gap={0}>
      <Box p="sm">
        <TextInput
          aria-label="Search the menu"
          placeholder="Search the menu"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          rightSection={text ? <CloseButton aria-label="Clear search" onClick={() => setText('')} /> : null}
        />
      </Box>
      <Box className={classes.navScroll} px="xs">
        {shown.length === 0 && text.trim() ? (
          <Text c="dimmed" size="sm" p="sm" data-testid="nav-no-results">
            {TEXT.noResultsFor} "{text.trim()}"
          </Text>
        ) : (
          shown.map((section, i) => (
            <Box
              key={section.title ?? `section-${i}`}
              mb="sm"
              component="nav"
              aria-label={section.title ?? section.entries[0]?.label ?? 'More'}
            >
              {section.title && (
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={6}>
                  {section.title}
                </Text>
              )}
              {section.entries.map((entry) => (
                <EntryLink key={entry.label} entry={entry} active={isActivePath(pathname, entry.to)} />
              ))}
            </Box>
          ))
        )}
      </Box>
      <Box p="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <NavLink
          component="button"
          label="Logout"
          leftSection={<IconLogout size={20} />}
          c="red.9"
          onClick={onLogout}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      </Box>
    </Stack>
  );
};

const EntryLink = ({ entry, active }: { entry: VisibleEntry; active: boolean }) => {
  const Icon = entry.icon;
  const common = {
    label: entry.label,
    leftSection: <Icon size={20} stroke={1.6} />,
    style: { borderRadius: 'var(--mantine-radius-md)' },
    py: 10,
  };
  if (entry.external)
    return <NavLink component="a" href={entry.to} {...externalTarget(entry.to)} {...common} />;
  return (
    <NavLink
      component={AppLink}
      to={entry.to}
      active={active}
      aria-current={active ? 'page' : undefined}
      {...common}
    />
  );
};

/** Web pages open in a new tab; mailto: links hand over to the mail app. */
export const externalTarget = (href: string) =>
  href.startsWith('http') ? { target: '_blank', rel: 'noreferrer' } : {};
