import * as z from '../config/zod-mini';
import { httpUrlSchema } from './http-url';

/**
 * One of the caller's feeds, as `POST /api/feeds` (201) and `GET /api/feeds` answer it: its id,
 * its secret public URL (absolute http(s)), its series (none for a feed of all episodes) and when
 * it was made. Built by the api's `toFeedLink`.
 */
export const feedLinkSchema = z.object({
  feedId: z.string().check(z.minLength(1)),
  feedUrl: httpUrlSchema,
  seriesId: z.optional(z.string().check(z.minLength(1))),
  createdAt: z.string(),
});

/** One of the caller's feeds ({@link feedLinkSchema}). */
export type FeedLink = z.infer<typeof feedLinkSchema>;

/** The body of `GET /api/feeds`: every live feed of the caller, newest first. */
export const feedListSchema = z.object({ feeds: z.array(feedLinkSchema) });

/** The body of `GET /api/feeds` ({@link feedListSchema}). */
export type FeedList = z.infer<typeof feedListSchema>;
