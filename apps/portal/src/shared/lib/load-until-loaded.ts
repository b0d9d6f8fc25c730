/**
 * Fetches a part loaded after the first view (a chunk, a socket library) until it arrives: a fetch
 * that fails because the network dropped is tried again when the browser is back online, or after
 * `retryMs`. `stopped()` ends the attempts (the answer is then null). A lazy part that failed once
 * must not stay broken, nor break the page it sits in.
 */
export async function loadUntilLoaded<T>(load: () => Promise<T>, stopped: () => boolean, retryMs = 5_000): Promise<T | null> {
  for (;;) {
    if (stopped()) return null;
    try {
      return await load();
    } catch {
      await nextChance(retryMs);
    }
  }
}

const nextChance = (ms: number) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
