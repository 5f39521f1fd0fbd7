import { notification, type NotificationArgsProps } from 'antd';
import { MOBILE_BREAKPOINT_PX, TOAST_DURATION_MS } from '@tollgate/contract';

type ToastKind = 'success' | 'info' | 'error' | 'warning';

// Below the 64 px header, so toasts never hide the user menu or the language switch.
notification.config({ top: 72 });

const isNarrow = (): boolean => window.innerWidth <= MOBILE_BREAKPOINT_PX;

/** Top-right, but top-center on narrow screens where a corner toast would cover the content. */
function placement(): NotificationArgsProps['placement'] {
  return isNarrow() ? 'top' : 'topRight';
}

function show(kind: ToastKind, text: string): void {
  // The text is the key, so the same message raised twice (e.g. by a StrictMode re-run) shows once.
  notification[kind]({ key: text, title: text, duration: TOAST_DURATION_MS[kind] / 1000, placement: placement() });
}

export const showSuccess = (text: string): void => show('success', text);
export const showInfo = (text: string): void => show('info', text);
export const showError = (text: string): void => show('error', text);
export const showWarning = (text: string): void => show('warning', text);

/**
 * A sticky notice with trusted HTML (admin-written notices, rendered Markdown): it never closes by itself.
 * It sits at the bottom, because a toast that stays at the top would cover the header's dropdowns.
 */
export function showNotice(html: string): void {
  notification.info({
    key: html,
    title: <div dangerouslySetInnerHTML={{ __html: html }} />,
    duration: false,
    placement: isNarrow() ? 'bottom' : 'bottomRight',
  });
}
