/** Where the shell sends people for help (fraud block, Customer Care). */
export const SUPPORT_EMAIL = 'support@merchant.ng';
/** Terms & Conditions page; null hides the entry until the product has one (never a dead link). */
export const TERMS_URL: string | null = null;
