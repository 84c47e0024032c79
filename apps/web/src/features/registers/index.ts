/** What other features use from registers: the POS shows whether a register is open and opens one. */
export { RegisterStatus, useOpenRegister } from './components/register-status';
/** Invalidate `registerKeys.all(businessId)` after a cash sale or refund so expected cash updates. */
export { registerKeys, useRegisters } from './api/registers';
