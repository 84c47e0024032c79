/** What other modules use from tags: the `{_id, label, tagName}` of live tags by id. */
export { tagsByIds, toTag } from './tags.repository.js';
export { createTag } from './tags.service.js';
