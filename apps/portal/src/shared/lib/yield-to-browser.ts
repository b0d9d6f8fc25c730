type YieldingScheduler = { yield?: () => Promise<void> };

/**
 * Ends the current task and resolves in a new one, so the browser can paint and handle input between two
 * pieces of work that would otherwise run as one long task (`scheduler.yield()` where the browser has it:
 * the rest runs before other queued tasks; else a zero-delay timer).
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
