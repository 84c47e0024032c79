import type { ComponentPropsWithRef, MouseEvent } from 'react';
import { appNavigate } from '@/lib/app-navigation';

type AppLinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & { to: string };

const isPlainClick = (e: MouseEvent<HTMLAnchorElement>) =>
  e.button === 0 && !e.metaKey && !e.altKey && !e.ctrlKey && !e.shiftKey && !e.defaultPrevented;

const currentAddress = () => window.location.pathname + window.location.search + window.location.hash;

/**
 * A link inside the app for what draws before the router loads (the login page, the shell, the
 * dashboard): a real `<a href>` (a new tab, a long press, a copied address all work), and a plain
 * click goes through `appNavigate` as React Router's `Link` would (a link to the page already shown
 * replaces it, so Back does not show it twice). Elsewhere use React Router's `Link`.
 */
export const AppLink = ({ to, onClick, ...rest }: AppLinkProps) => (
  <a
    href={to}
    onClick={(e) => {
      onClick?.(e);
      if (!isPlainClick(e) || rest.target) return;
      e.preventDefault();
      void appNavigate(to, { replace: to === currentAddress() });
    }}
    {...rest}
  />
);
