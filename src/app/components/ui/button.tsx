// Straight from the components, not the package's index: this file is on every first screen, and
// its chunk would take the whole index with it (vite.config.ts).
import AntdButton, { type ButtonProps } from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import styles from './ui.module.css';

/**
 * antd-mobile's Button, keeping its name while it loads: antd-mobile draws only its dots then,
 * which leaves a disabled button with no name for a screen reader. The label stays beside the
 * dots, read but not shown (docs/accessibility.md#screen-readers). The H5's one Button.
 */
export function Button({ children, loadingIcon, ...props }: ButtonProps) {
  return (
    <AntdButton
      {...props}
      loadingIcon={
        <>
          {loadingIcon ?? <DotLoading color="currentColor" />}
          <span className={styles.unseen}>{children}</span>
        </>
      }
    >
      {children}
    </AntdButton>
  );
}
