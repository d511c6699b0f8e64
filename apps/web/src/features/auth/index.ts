export { AuthPage, type AuthMode } from './components/auth-page';
export { LoggedInAsPage } from './components/logged-in-as-page';
export { useVerify, verifyQueryOptions, verifyQueryKey } from './api/verify';
export { useLogout } from './api/logout';
