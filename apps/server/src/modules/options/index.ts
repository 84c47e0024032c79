/** What other modules use from options: making an option (the demo catalogue). */
export { createOption } from './options.service.js';
