import { Toast, type ToastShowProps } from 'antd-mobile';
import '../../lib/antd-react19.ts';
import { announce } from '../a11y/announcer.ts';

/**
 * antd-mobile's Toast (and its animation library) load with the first message, not the first page.
 * Its text is also said to screen readers: antd-mobile's toast is not a live region.
 */
export function showToast(props: ToastShowProps): void {
  Toast.show(props);
  if (typeof props.content === 'string') announce(props.content, props.icon === 'success' ? 'polite' : 'assertive');
}

export function clearToast(): void {
  Toast.clear();
}
