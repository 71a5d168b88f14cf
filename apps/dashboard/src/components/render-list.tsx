'use client';

import type { EpisodeRender } from '../api/types';
import { renderSentence } from '../domain/script-quote';

/**
 * The renders of an episode, oldest first: each version spoken, what it charged, and how many
 * chunks it synthesized and reused. Nothing when it has none (made without review).
 */
export function RenderList(props: {
  topic: string;
  renders: readonly EpisodeRender[] | undefined;
}) {
  if (props.renders === undefined || props.renders.length === 0) return null;
  return (
    <ol className="render-list" aria-label={`Renders of “${props.topic}”`}>
      {props.renders.map((render, index) => (
        <li key={`${render.version}-${index}`} data-testid="episode-render">
          {renderSentence(render)}
        </li>
      ))}
    </ol>
  );
}
