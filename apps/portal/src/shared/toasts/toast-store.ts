import { create } from 'zustand';

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export type Toast = {
  /** A fixed id lets a later update (e.g. a countdown) keep the same Snackbar instead of re-opening it. */
  id: string;
  message: string;
  severity: ToastSeverity;
  /** ms; null keeps it open. SPEC §9: message bar 6000, notifications 3000. */
  autoHideDuration: number | null;
  /** Spoken politely (role status) instead of interrupting (role alert): news, not a problem. */
  polite?: boolean;
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
    polite: options.polite,
  };
  // One message bar at a time, and the newest wins: a second wrong password must show its own
  // left_count at once, not wait behind the first message.
  useToastStore.setState({ toasts: [toast] });
  return toast.id;
}

/** Closes every toast (e.g. login errors once the login succeeded). */
export function dismissAllToasts(): void {
  useToastStore.setState({ toasts: [] });
}

/** SPEC §8 message bar: autohide 6000 ms, top center. */
export function showMessage(message: string, severity: ToastSeverity = 'error'): string {
  return showToast(message, { severity, autoHideDuration: MESSAGE_BAR_MS });
}

export function dismissToast(id: string): void {
  useToastStore.setState(({ toasts }) => ({ toasts: toasts.filter((toast) => toast.id !== id) }));
}
