/** What other modules use from categories: the live category (or subcategory) of an id. */
export { findCategory } from './categories.repository.js';
export { createCategory, createSubcategory } from './categories.service.js';
