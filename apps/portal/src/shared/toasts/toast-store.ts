import { create } from 'zustand';

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export type Toast = {
  /** A fixed id replaces a toast already shown (e.g. a countdown); repeated ids are not stacked. */
  id: string;
  message: string;
  severity: ToastSeverity;
  /** ms; null keeps it open. SPEC §9: message bar 6000, notifications 3000. */
  autoHideDuration: number | null;
};

export const MESSAGE_BAR_MS = 6000;
export const NOTIFICATION_MS = 3000;

type ToastState = { toasts: Toast[] };

export const useToastStore = create<ToastState>(() => ({ toasts: [] }));

let counter = 0;

export function showToast(message: string, options: Partial<Omit<Toast, 'message'>> = {}): string {
  const toast: Toast = {
    id: options.id ?? `toast-${++counter}`,
    message,
    severity: options.severity ?? 'info',
    autoHideDuration: options.autoHideDuration === undefined ? NOTIFICATION_MS : options.autoHideDuration,
  };
  useToastStore.setState(({ toasts }) => {
    const existing = toasts.findIndex((item) => item.id === toast.id || item.message === toast.message);
    if (existing === -1) return { toasts: [...toasts, toast] };
    return { toasts: toasts.map((item, index) => (index === existing ? toast : item)) };
  });
  return toast.id;
}

/** SPEC §8 message bar: autohide 6000 ms, top center. */
export function showMessage(message: string, severity: ToastSeverity = 'error'): string {
  return showToast(message, { severity, autoHideDuration: MESSAGE_BAR_MS });
}

export function dismissToast(id: string): void {
  useToastStore.setState(({ toasts }) => ({ toasts: toasts.filter((toast) => toast.id !== id) }));
}
