import { useEffect, useRef, type ReactNode } from 'react';
import { Tabs } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';

/**
 * Spec 000 §2.7 tabbed window: each tab is a route; changing tab replaces the current history
 * entry, so Back leaves the window instead of stepping through tabs.
 */
export type TabbedWindowTab = { label: string; to: string; icon?: ReactNode };
export type TabbedWindowProps = {
  tabs: readonly TabbedWindowTab[];
  /** The tab's content; the matched child route when left out. */
  children?: ReactNode;
};

/** Exact path + query first, then the path, then a child route of a tab. */
export const activeTab = (tabs: readonly TabbedWindowTab[], pathname: string, search: string) =>
  tabs.find((t) => t.to === pathname + search) ??
  tabs.find((t) => t.to === pathname) ??
  tabs.find((t) => pathname.startsWith(`${t.to.split('?')[0]}/`)) ??
  tabs[0];

export const TabbedWindow = ({ tabs, children }: TabbedWindowProps) => {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const current = activeTab(tabs, pathname, search);
  const list = useRef<HTMLDivElement>(null);
  // On a narrow screen the tab row scrolls: bring the current tab into view.
  useEffect(() => {
    const el = list.current?.querySelector<HTMLElement>('[data-active]');
    if (el && typeof el.scrollIntoView === 'function')
      el.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [current?.to]);
  return (
    <Tabs
      value={current?.to ?? null}
      onChange={(to) => to && to !== current?.to && navigate(to, { replace: true })}
      keepMounted={false}
    >
      <Tabs.List ref={list} style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
        {tabs.map((t) => (
          <Tabs.Tab
            key={t.to}
            value={t.to}
            leftSection={t.icon}
            style={{ minHeight: 44, whiteSpace: 'nowrap' }}
          >
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <div style={{ paddingTop: 'var(--mantine-spacing-md)' }}>{children ?? <Outlet />}</div>
    </Tabs>
  );
};
