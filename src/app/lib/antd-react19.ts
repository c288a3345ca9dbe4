import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type Container = Element & { _reactRoot?: Root };

/**
 * antd-mobile 5 renders imperative Toast/Dialog with the React 18 API; under React 19 they render
 * nothing without this shim (docs/toolchain.md#antd-mobile-and-react-19). Imported before anything else, in the app and in tests.
 */
unstableSetRender((node, element) => {
  const container = element as Container;
  container._reactRoot ??= createRoot(container);
  container._reactRoot.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    container._reactRoot?.unmount();
    delete container._reactRoot;
  };
});
