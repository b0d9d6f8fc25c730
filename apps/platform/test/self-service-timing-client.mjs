// A client in a process of its own for self-service-reset.test.ts: it times one POST
// /api/auth/forgot-password per message from the test, so the time is the answer's alone, not the
// test process's event loop (which the platform under test shares) running the work after it.
const url = process.argv[2];

process.on('message', async ({ login }) => {
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login }) });
  const body = await response.text();
  process.send({ ms: performance.now() - started, status: response.status, body });
});
process.on('disconnect', () => process.exit(0));
