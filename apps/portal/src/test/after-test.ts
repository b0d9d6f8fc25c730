const stops = new Set<() => unknown>();

/** Something a test started that must not outlive it (a query client, a router): stopped by the setup file after the test. */
export function stopAfterTest(stop: () => unknown): void {
  stops.add(stop);
}

/** Stops what the test left running (src/test/setup.ts, after each test). */
export async function stopWhatTheTestStarted(): Promise<void> {
  for (const stop of stops) await stop();
  stops.clear();
}
