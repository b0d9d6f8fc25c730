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

export type ToastOptions = Partial<Omit<Toast, 'message'>> & {
  /**
   * A notification (docs/quick-panel.md): news that arrives unasked and is not about the player's own
   * money or session (a new operator event, someone else's jackpot win). The quick panel's
   * Notifications switch turns these off; every other toast (the answer to something the player did,
   * anything about their money or session, every warning and error) always shows.
   */
  notification?: boolean;
};

let notificationsShown = true;

/** The Notifications switch as the player's settings say (shared/shell-settings keeps it up to date). */
export function showNotifications(on: boolean): void {
  notificationsShown = on;
}

export function showToast(message: string, options: ToastOptions = {}): string {
  const severity = options.severity ?? 'info';
  if (options.notification && !notificationsShown) {
    // Switched off: not shown, and a toast on screen (an error) stays.
    return options.id ?? `toast-${++counter}`;
  }
  const toast: Toast = {
    id: options.id ?? `toast-${++counter}`,
    message,
    severity,
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
