/**
 * The shapes an episode can take: `deep-dive` (the default: the hosts explore the topic
 * together), `brief` (a one-to-two-minute summary), `debate` (the hosts argue opposite sides),
 * `critique` (the hosts weigh the material's strengths and weaknesses), all with two or three
 * hosts, and `lecture` (one host explains the topic alone). See `FORMAT_HOST_COUNTS`.
 */
export const PODCAST_FORMATS = ['deep-dive', 'brief', 'debate', 'critique', 'lecture'] as const;

/** One of {@link PODCAST_FORMATS}. */
export type PodcastFormat = (typeof PODCAST_FORMATS)[number];

/** The format of a request that names none. */
export const DEFAULT_PODCAST_FORMAT: PodcastFormat = 'deep-dive';

/** The longest `brief`, in whole minutes. */
export const BRIEF_MAX_MINUTES = 2;

/**
 * The system-prompt paragraph that tells the model how a format shapes the episode of
 * `hosts`, or `''` for the default deep dive (whose prompts say it already). In a debate of
 * three, the third host moderates. The hosts are named by their place ("the first host"), never
 * by name: names are quoted data in the user turn.
 */
export function formatRule(format: PodcastFormat | undefined, hosts: readonly string[]): string {
  switch (format ?? DEFAULT_PODCAST_FORMAT) {
    case 'deep-dive':
      return '';
    case 'brief':
      return `Format: a brief. Give the listener the essentials in a short, tight exchange: the few points that matter most, with no digressions and only the briefest greeting and sign-off.`;
    case 'debate':
      return `Format: a debate. The first host argues for the main claim or position the topic raises and the second host argues against it; each makes the strongest honest case for their side, answers the other's points directly, and concedes what the evidence supports.${hosts.length > 2 ? ' The third host moderates: frames the question, keeps both sides to the point and asks each to answer the other.' : ''} Keep it civil, and end with each side summed up, leaving the listener to decide.`;
    case 'critique':
      return `Format: a critique. The hosts assess the material critically: what it gets right and why, where it is weak, one-sided or unsupported, what it leaves out, and how far its conclusions can be trusted. End with a balanced verdict.`;
    case 'lecture':
      return `Format: a lecture. The host is the only speaker and talks to the listener directly: a clear, well-ordered explanation with examples, signposting each step, asking the questions a listener would ask and answering them. There is no second host: every segment is the host's.`;
  }
}
