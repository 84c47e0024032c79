/** What other modules use from modifiers: live sets by id (with their modifiers), modifiers a sale prices. */
export { listSets as modifierSetsByIds, modifiersForSale } from './modifiers.repository.js';
export { createModifierSet } from './modifiers.service.js';
