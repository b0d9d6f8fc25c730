/**
 * The first thing a page runs (index.html loads it as an async module with no imports, so it runs as
 * soon as it has arrived, long before the app): the build lists in index.html which script files the
 * page at each path needs beyond the app's (#route-chunks: the shell and the lobby for /lobby, the
 * login page for /login), and this asks for them now, alongside the app's files, instead of once the
 * app has started and its router has matched the path (about 0.6 s later on a phone on Slow 4G,
 * docs/benchmarks.md). The app still imports them as before: a file named here is then already in.
 */
const table = document.getElementById('route-chunks')?.textContent;
const files: unknown = table ? JSON.parse(table) : {};
const path = window.location.pathname.replace(/\/+$/, '');
const wanted = files && typeof files === 'object' ? (files as Record<string, unknown>)[path] : undefined;
if (Array.isArray(wanted)) {
  for (const href of wanted) {
    if (typeof href !== 'string') continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
