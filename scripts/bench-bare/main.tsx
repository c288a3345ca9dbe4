/**
 * The bare reference page of scripts/bench-web.ts: an empty Vite + React 19 + antd-mobile page
 * (the first screen's reference, docs/benchmarks.md#goals), measured in the same run as the product so that a busy machine
 * can be told apart from a slow page.
 */
import { Button } from 'antd-mobile';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <div style={{ padding: 16 }}>
    <p style={{ fontSize: 16, lineHeight: 1.6 }}>
      空白参考页面：只有 React 19 与 antd-mobile，没有路由、数据和业务代码。
    </p>
    <Button color="primary">确定</Button>
  </div>,
);
