/** What other features use from categories: the category list (with subcategories) for pickers. */
export { useCategories, useCategoryProducts, categoryKeys } from './api/categories';
