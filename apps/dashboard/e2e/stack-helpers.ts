import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

// What the e2e specs share: the API as one user sees it, the user picker, the player's length
// and axe's verdict.

/** The members of `GET /api/quota` the specs read. */
export interface QuotaBody {
  used: number;
  reserved: number;
  limit: number;
  remaining: number;
}

/** The members of a job (`GET /api/podcasts…`) the specs read. */
export interface JobBody {
  jobId: string;
  status: string;
  cost?: number;
  audioUrl?: string;
  captionsUrl?: string;
  durationSeconds?: number;
  renders?: { version: number; charged: number; chunksSynthesized: number; chunksReused: number }[];
}

/** The local stack's identity header for `userId`. */
export const asUser = (userId: string) => ({ 'x-lumcast-user': userId });

/** `GET /api/quota` as `userId`. */
export async function quotaOf(request: APIRequestContext, userId: string): Promise<QuotaBody> {
  const response = await request.get('/api/quota', { headers: asUser(userId) });
  expect(response.status()).toBe(200);
  return (await response.json()) as QuotaBody;
}

/** `GET /api/podcasts/{jobId}` as `userId`. */
export async function jobOf(
  request: APIRequestContext,
  userId: string,
  jobId: string,
): Promise<JobBody> {
  const response = await request.get(`/api/podcasts/${jobId}`, { headers: asUser(userId) });
  expect(response.status()).toBe(200);
  return (await response.json()) as JobBody;
}

/** Signs in as `userId` with the local user picker. */
export async function pickUser(page: Page, userId: string): Promise<void> {
  await page.getByLabel('Other user').fill(userId);
  await page.getByRole('button', { name: 'Use', exact: true }).click();
  await expect(page.getByTestId('current-user')).toHaveText(userId);
}

/** The number of slots the gauge shows as used (charged; its ARIA value adds what is reserved). */
export async function gaugeUsed(page: Page): Promise<number> {
  return Number(await page.getByTestId('quota-used').textContent());
}

/** The length in seconds of an `<audio>` element's media, once its metadata loaded. */
export async function audioDuration(audio: Locator): Promise<number> {
  return audio.evaluate(
    (element: HTMLAudioElement) =>
      new Promise<number>((resolve, reject) => {
        if (element.readyState >= 1) resolve(element.duration);
        element.addEventListener('loadedmetadata', () => resolve(element.duration));
        element.addEventListener('error', () => reject(new Error('audio failed to load')));
      }),
  );
}

/** axe's serious and critical violations on the page, one line each (none is the goal). */
export async function severeAxeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`);
}
