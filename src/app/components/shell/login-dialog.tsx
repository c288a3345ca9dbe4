import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import { loginDialogAtom } from '../../session/atoms.ts';
import { loadLoginDialog } from './login-dialog-loader.ts';

// The dialog, its form and validator load when it first opens, not with the first page.
const LoginDialogContent = lazy(loadLoginDialog);

/** Host of the global sign-in dialog: mounts it on first use and keeps it for its close animation. */
export function LoginDialog() {
  const { open } = useAtomValue(loginDialogAtom);
  const [used, setUsed] = useState(open);
  useEffect(() => {
    if (open) setUsed(true);
  }, [open]);
  if (!used && !open) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialogContent />
    </Suspense>
  );
}
