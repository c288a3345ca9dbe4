/**
 * Loads the sign-in dialog's code. It is not on the first page; the client starts loading it the
 * moment a refresh fails, so the dialog can open on time, 1000 ms later (spec §4).
 */
export const loadLoginDialog = () => import('./login-dialog-content.tsx');
