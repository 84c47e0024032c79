/** What other parts of the app use from accounts: the global device guard, logout and the user switch. */
export { DeviceGuard } from './components/device-guard';
export { useLogout, useSwitchUser, type LogoutTarget } from './hooks/use-logout';
