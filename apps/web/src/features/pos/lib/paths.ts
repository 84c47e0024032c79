/** Paths of the POS screens (registered in lib/route-paths.ts as Pos). */
export const posPaths = {
  pos: '/pos',
  dashboard: '/pos-dashboard',
  payment: '/pos-payment',
} as const;
