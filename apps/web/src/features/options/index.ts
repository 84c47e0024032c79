/** What other features use from options: the saved options (e.g. Size: S, M, L) for the product form. */
export { useOptions, optionKeys } from './api/options';
