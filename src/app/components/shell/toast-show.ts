import { Toast, type ToastShowProps } from 'antd-mobile';
import '../../lib/antd-react19.ts';
import { toastRegion } from '../a11y/announcer.ts';

/**
 * antd-mobile's Toast (and its animation library) load with the first message, not the first page.
 * It is drawn inside a live region, so screen readers say it (antd-mobile's toast is not one).
 */
export function showToast(props: ToastShowProps): void {
  Toast.show({
    getContainer: () => toastRegion(props.icon === 'success' ? 'polite' : 'assertive'),
    ...props,
  });
}

export function clearToast(): void {
  Toast.clear();
}
