import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { ROOT } from './environment';

export interface AxeFinding {
  id: string;
  impact: string;
  targets: string[];
}

/**
 * The serious and critical findings of axe-core on the page as it is now. axe is added as a
 * script of the test's own: a spec using this runs with `bypassCSP`, which the site's CSP would refuse.
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  await page.addScriptTag({ path: join(ROOT, 'node_modules', 'axe-core', 'axe.min.js') });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
}
