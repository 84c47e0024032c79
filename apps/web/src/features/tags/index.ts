/** What other features use from tags: the tag list and the picker of the product form. */
export { useTags, tagKeys } from './api/tags';
export { TagPicker, type TagPickerProps } from './components/tag-picker';
