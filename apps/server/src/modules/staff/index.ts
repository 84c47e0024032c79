/** What other modules and flows may use from the staff module. */
export { loadSessionUser, findUser } from './users.repository.js';
export { listUsers } from './users.repository.js';
