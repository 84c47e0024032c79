/** Bank accounts: nothing is shared with other features yet; the screen is /add-account. */
export {};
