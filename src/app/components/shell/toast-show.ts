import { Toast, type ToastShowProps } from 'antd-mobile';
import '../../lib/antd-react19.ts';

/** antd-mobile's Toast (and its animation library) load with the first message, not the first page. */
export function showToast(props: ToastShowProps): void {
  Toast.show(props);
}

export function clearToast(): void {
  Toast.clear();
}
