import { useEffect, useState } from 'react';
import { hasFinishedDownload, type TableName } from '@/offline';
import { tillScreens } from './till-screens';

/** What the till reads from the device when the network is gone. */
const TILL_TABLES: readonly TableName[] = ['products', 'customers', 'stores'];
const ASK_AGAIN_MS = 1_000;

/**
 * Whether the till can go on selling if the network drops now (issue 11): the payment and receipt
 * screen's code is in memory (loaded ahead, so moving to payment needs no download) and the
 * catalogue, customers and stores have landed in the device's database. Until then the till says
 * it is getting ready; it never claims more than it has.
 */
export const useTillReadiness = (businessId: string): boolean => {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!businessId) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let screens: Promise<boolean> | null = null;
    const loadScreens = () =>
      Promise.all([tillScreens.payment(), tillScreens.dashboard()]).then(
        () => true,
        () => {
          screens = null; // the network failed half-way: try again on the next round
          return false;
        },
      );
    const check = async () => {
      screens ??= loadScreens();
      const [loaded, ...tables] = await Promise.all([
        screens,
        ...TILL_TABLES.map((t) => hasFinishedDownload(businessId, t).catch(() => false)),
      ]);
      if (!live) return;
      if (loaded && tables.every(Boolean)) setReady(true);
      else timer = setTimeout(() => void check(), ASK_AGAIN_MS);
    };
    void check();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [businessId]);
  return ready;
};
