import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';

/**
 * The serious and critical WCAG 2.1 A and AA violations axe-core finds on the page as it is now (or
 * within `include`, a CSS selector), one line each, named by `where`.
 */
export async function seriousViolations(page: Page, where: string, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${where}: ${violation.id} (${violation.impact}) ${violation.help} at ${violation.nodes
          .slice(0, 4)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}
