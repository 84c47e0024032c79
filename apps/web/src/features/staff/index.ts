/** What other features use from staff: the employee list (dashboard counts). */
export { useEmployees } from './api/staff';
