/**
 * Live changes: what other modules and flows use. A writer tells the business's open devices what
 * it changed with `publishChange(s)` inside its transaction; the stream itself is `changesRoutes`.
 */
export { changesNotice, publishChange, publishChanges, type Change } from './changes.publish.js';
export { publishAfterWrites } from './changes.after-writes.js';
