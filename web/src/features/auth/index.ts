/** The auth feature as the app uses it: the staff session's server calls. */
export { logout } from './api/logout';
export { validateSession } from './api/validate-session';
