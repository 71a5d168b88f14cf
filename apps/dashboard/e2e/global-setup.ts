import { existsSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';

/**
 * Fails early with a clear message when the configured Chromium (Debian's, never
 * `npx playwright install`) is missing. Playwright starts the web server before any
 * global setup, so the data folder is removed by the web server's command instead.
 */
export default function globalSetup(config: FullConfig): void {
  for (const project of config.projects) {
    const executable = project.use.launchOptions?.executablePath;
    if (executable && !existsSync(executable)) {
      throw new Error(`${executable} is missing: install it with "apt-get install -y chromium".`);
    }
  }
}
