// The antd-mobile React 19 shim first, as in main.tsx (docs/toolchain.md#antd-mobile-and-react-19): without it Toast renders nothing.
import '../lib/antd-react19.ts';
import { loadDictionaries } from '../i18n/index.ts';

// In the app the views' texts load with the first view; tests render views directly, so load them all.
await loadDictionaries('pl');
