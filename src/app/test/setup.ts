import { vi } from 'vitest';

// Test files share a worker (isolate: false in vite.config.ts): each starts with the app's own
// modules (the one jotai store, the dictionaries, testing.tsx's clean-up hooks), storage and cookies
// fresh, as in a page just opened. Imports below are dynamic so they come after the reset.
vi.resetModules();
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0].trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
document.body.replaceChildren();

// The antd-mobile React 19 shim first, as in main.tsx (docs/toolchain.md#antd-mobile-and-react-19): without it Toast renders nothing.
await import('../lib/antd-react19.ts');
const { loadDictionaries } = await import('../i18n/index.ts');

// In the app the views' texts load with the first view; tests render views directly, so load them all.
await loadDictionaries('pl');
