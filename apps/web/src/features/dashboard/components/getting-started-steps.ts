import type { GettingStarted } from '@ms/contracts';
import { paths } from '@/lib/route-paths';

/**
 * The getting-started checklist in the order a new shop does it. Each step links to the screen that
 * does it once that screen is registered in the app (the route registry lives in lib/route-paths).
 */
export type Step = {
  key: keyof GettingStarted;
  title: string;
  meaning: string;
  route: string;
  action: string;
};

export const STEPS: Step[] = [
  {
    key: 'hasAddedAProduct',
    title: 'Add your first product',
    meaning: 'Put what you sell in your catalogue, with prices, so it can be rung up at the till.',
    route: 'Products',
    action: 'Add a product',
  },
  {
    key: 'firstSale',
    title: 'Make your first sale',
    meaning: 'Sell something at the Point of Sale. Sales are kept on the phone even when you are offline.',
    route: 'Pos',
    action: 'Open Point of Sale',
  },
  {
    key: 'kyc',
    title: 'Verify your business',
    meaning: 'Confirm who you are and your business documents (KYC) so you can receive payments.',
    route: 'Kyc',
    action: 'Start verification',
  },
  {
    key: 'hasCreatedFixedAccount',
    title: 'Get a fixed payment account',
    meaning: 'A bank account number for your business, so customers can pay you by transfer.',
    route: 'FixedAccount',
    action: 'Create the account',
  },
  {
    key: 'requestedTerminal',
    title: 'Request a payment terminal',
    meaning: 'A card machine for customers who pay by card.',
    route: 'Hardware',
    action: 'Request a terminal',
  },
];

/** Where a step's screen lives, if it exists in the app today. */
export const stepPath = (step: Step): string | undefined =>
  (paths as Record<string, string | undefined>)[step.route];
