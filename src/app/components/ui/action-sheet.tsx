import { Popup } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { ICONS } from './icons.tsx';
import styles from './action-sheet.module.css';

export interface SheetAction {
  key: string;
  text: ReactNode;
  danger?: boolean;
  /** The choice in force (a language): marked for the eye and for a screen reader. */
  current?: boolean;
  onClick: () => void;
}

interface ActionSheetProps {
  visible: boolean;
  /** The sheet's heading and its name for a screen reader. */
  title: string;
  actions: readonly SheetAction[];
  cancelText: string;
  onClose: () => void;
}

/**
 * A bottom sheet of actions, in place of antd-mobile's ActionSheet: its items are anchors without
 * an address marked `option` outside any list, which no keyboard reaches and a screen reader
 * reads as a broken list (docs/accessibility.md#screen-readers). Here each is a button.
 */
export function ActionSheet({ visible, title, actions, cancelText, onClose }: ActionSheetProps) {
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyClassName={styles.sheet}>
      <h2 className={styles.title}>{title}</h2>
      <div className={styles.actions}>
        {actions.map((action) => (
          <Button
            key={action.key}
            block
            size="large"
            fill="none"
            color={action.danger ? 'danger' : 'default'}
            aria-current={action.current || undefined}
            className={action.current ? styles.current : undefined}
            onClick={action.onClick}
          >
            {action.text}
            {action.current && <span className={styles.check}>{ICONS.check}</span>}
          </Button>
        ))}
      </div>
      <Button block size="large" fill="none" className={styles.cancel} onClick={onClose}>
        {cancelText}
      </Button>
    </Popup>
  );
}
