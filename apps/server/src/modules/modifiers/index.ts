/** What other modules use from modifiers: live sets by id (with their modifiers). */
export { listSets as modifierSetsByIds } from './modifiers.repository.js';
