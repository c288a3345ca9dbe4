import { Dialog, type DialogAlertProps, type DialogConfirmProps } from 'antd-mobile';
import '../../lib/antd-react19.ts';

/**
 * antd-mobile's alert and confirm, named for a screen reader by their title (or their text when they
 * have none): antd-mobile gives the dialog a name only when it is passed one
 * (docs/accessibility.md#screen-readers). The H5's one way to open them.
 */
function named<P extends DialogAlertProps | DialogConfirmProps>(props: P): P {
  const { title, content } = props;
  const label = typeof title === 'string' ? title : typeof content === 'string' ? content : undefined;
  return { 'aria-label': label, ...props };
}

export const confirmDialog = (props: DialogConfirmProps) => Dialog.confirm(named(props));

export const alertDialog = (props: DialogAlertProps) => Dialog.alert(named(props));
