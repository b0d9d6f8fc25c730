import type { Page } from 'playwright-core';

/**
 * The window resized to `size`, and two frames drawn after it: the page's media-query listeners
 * (the shell's navbar, MUI's useMediaQuery) have answered and React has laid the page out again. A
 * check run at once could see the last width's layout in the new window under a loaded machine.
 */
export async function resizeWindow(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await twoFrames(page);
}

/** Two frames drawn: what the page does on a frame (media queries, observers, a commit) is done. */
export function twoFrames(page: Page): Promise<unknown> {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The interactive controls a person could tap: what `coveredControls` checks. */
const controls = 'button, a[href], input, select, textarea, [role="button"], [role="combobox"], [role="link"]';

/**
 * What is wrong with the page as it stands, one line each: a visible control (button, link, input,
 * [role=button]; not one marked aria-hidden) in `within` (the whole page by default) whose centre is under something else
 * (`document.elementFromPoint` there is neither the control nor inside it), a control outside the
 * window's width, and the document wider than the window (a horizontal scroll). Controls scrolled out
 * of the window's height are left out: what covers them there depends on the scroll. With `scroll`,
 * each control is first scrolled to the middle of the window, so a long part is checked whole.
 */
export function coveredControls(page: Page, within = 'body', { scroll = false } = {}): Promise<string[]> {
  return page.evaluate(
    ([selector, scope, scrollEach]) => {
      const root = document.querySelector(scope);
      if (!root) return [`${scope}: not on the page`];
      const found: string[] = [];
      const width = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth > width)
        found.push(`the document is ${document.documentElement.scrollWidth} px wide in a window of ${width}`);
      const name = (element: Element) =>
        (element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40)) || element.outerHTML.slice(0, 80);
      for (const control of root.querySelectorAll(selector)) {
        // Hidden from assistive technology, it is no control for a person (MUI Select's form input under its box).
        if (control.getAttribute('aria-hidden') === 'true') continue;
        if (scrollEach) control.scrollIntoView({ block: 'center', inline: 'nearest' });
        const box = control.getBoundingClientRect();
        const style = getComputedStyle(control);
        if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
        if (box.bottom <= 0 || box.top >= window.innerHeight) continue;
        if (box.left < -0.5 || box.right > width + 0.5) {
          found.push(`${name(control)}: outside the window (${Math.round(box.left)} to ${Math.round(box.right)})`);
          continue;
        }
        const x = box.left + box.width / 2;
        const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
        const hit = document.elementFromPoint(x, y);
        if (hit && (hit === control || control.contains(hit))) continue;
        found.push(`${name(control)} at (${Math.round(x)}, ${Math.round(y)}): under ${hit ? name(hit) : 'nothing'}`);
      }
      return found;
    },
    [controls, within, scroll] as const,
  );
}
