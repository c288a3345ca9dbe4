// The antd-mobile React 19 shim first, as in main.tsx (TOOLCHAIN.md §1): without it Toast renders nothing.
import '../lib/antd-react19.ts';
