/**
 * What the tests of every workspace use to run the platform: the platform's own tests, the agent's and
 * the launcher's, the portal's journeys (e2e/) and the crash test (test/long). Nothing here imports
 * vitest: the crash test runs outside the test runner.
 */
export * from './harness.ts';
/** The self-service mails a test platform wrote to its outbox folder (docs/self-service.md). */
export * from './self-service-helpers.ts';
/** Addresses the shipped country database places in a country; the country check's audited refusals. */
export * from './ip-check-addresses.ts';
