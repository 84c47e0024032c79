/** What other modules and flows may use from the accounts module. */
export { hashPassword } from './passwords.js';
export { isOwnPassword } from './reauth.js';
export { ownerEmailOf } from './credentials.repository.js';
