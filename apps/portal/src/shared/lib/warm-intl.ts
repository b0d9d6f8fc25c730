/**
 * What the worker runs: one amount, one number, one date and one plural formatted in `locale`. Only
 * globals inside: the worker gets this function's source.
 */
function formatOnce(locale: string) {
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'TRY' }).format(1);
  new Intl.NumberFormat(locale).format(1);
  new Intl.DateTimeFormat(locale).format(0);
  new Intl.PluralRules(locale).select(1);
  close();
}

/**
 * Loads the browser's locale data (ICU) in a worker while the app's scripts download, so that the first
 * amount the page formats does not (docs/architecture.md "First view": the first `Intl.NumberFormat` on
 * the main thread took 150–184 ms at 4x CPU, 0.3–4 ms after a worker had made one). Chromium keeps that
 * data for the whole renderer process, whichever thread loaded it and whatever the locale or currency; a
 * browser that keeps it per thread loses only the worker's start. `language` is the page's (`<html
 * lang>`, set by the platform from the first byte); another locale than the one the page formats in
 * warms it as well (measured: an 'en' USD format in the worker, then a 'tr' TRY one on the page).
 *
 * The worker's script is a blob made here, not a file: no request beside the first load's scripts
 * (the Content-Security-Policy's `worker-src` allows `blob:`).
 */
export function warmIntl(language: string): void {
  if (typeof Worker !== 'function' || typeof URL.createObjectURL !== 'function') return;
  try {
    const script = URL.createObjectURL(new Blob([`onmessage=({data})=>(${String(formatOnce)})(data)`], { type: 'text/javascript' }));
    new Worker(script, { name: 'warm-intl' }).postMessage(language || 'en');
    URL.revokeObjectURL(script);
  } catch {
    // A browser that refuses the worker formats on the main thread, as without it.
  }
}
