import { expect, test, type Page } from '@playwright/test';

/**
 * Watches a page for Content-Security-Policy violations across every document it loads: each
 * `securitypolicyviolation` event (reported to the test through an exposed function, so one in
 * a page that was since navigated away from still counts) and each console message Chromium
 * writes for a refused resource. Returns what it saw so far; a test fails on any.
 *
 * @example
 * ```ts
 * const violations = await watchCspViolations(page);
 * // … the test …
 * expect(violations()).toEqual([]);
 * ```
 */
export async function watchCspViolations(page: Page): Promise<() => string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__lumcastCspViolation', (report: string) => {
    seen.push(report);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __lumcastCspViolation: (r: string) => void })
        .__lumcastCspViolation;
      void report(
        `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} in ${event.documentURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(`console: ${message.text()}`);
  });
  return () => [...seen];
}

/**
 * Makes every test of the enclosing `describe` watch its page for CSP violations
 * ({@link watchCspViolations}) and fail on any.
 */
export function failOnCspViolations(): void {
  let violations: () => string[] = () => [];
  test.beforeEach(async ({ page }) => {
    violations = await watchCspViolations(page);
  });
  test.afterEach(() => {
    expect(violations()).toEqual([]);
  });
}
