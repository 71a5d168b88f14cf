/**
 * JSON schema of a chapter's spoken segments, shared by the whole-script and the chapter
 * tools (`podcastScriptSchema` is the authority: answers are validated with zod).
 */
export const SEGMENTS_SCHEMA = {
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    properties: {
      speaker: { type: 'string', description: 'One of the two host names.' },
      text: { type: 'string', description: 'What the host says, as plain spoken text.' },
    },
    required: ['speaker', 'text'],
  },
} as const;
