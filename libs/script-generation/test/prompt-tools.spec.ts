import {
  CHAPTER_TOOL_INPUT_SCHEMA,
  CHAPTER_TOOL_NAME,
  buildChapterRepairPrompt,
  buildChapterRevisionPrompt,
} from '../src/prompts/chapter-prompts';
import {
  OUTLINE_TOOL_INPUT_SCHEMA,
  OUTLINE_TOOL_NAME,
  buildOutlineRepairPrompt,
} from '../src/prompts/outline-prompts';
import {
  SCRIPT_TOOL_INPUT_SCHEMA,
  SCRIPT_TOOL_NAME,
  buildRepairPrompt,
  buildRevisionPrompt,
} from '../src/prompts/script-prompts';

/** Every object schema inside a JSON schema, with the path that leads to it. */
function objectSchemas(schema: unknown, path = '(tool)'): { path: string; schema: object }[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as { type?: unknown; properties?: Record<string, unknown>; items?: unknown };
  const own = node.type === 'object' ? [{ path, schema }] : [];
  const properties = Object.entries(node.properties ?? {}).flatMap(([name, property]) =>
    objectSchemas(property, `${path}.${name}`),
  );
  return [...own, ...properties, ...objectSchemas(node.items, `${path}[]`)];
}

describe('the tools’ input schemas', () => {
  it.each([
    [SCRIPT_TOOL_NAME, SCRIPT_TOOL_INPUT_SCHEMA],
    [OUTLINE_TOOL_NAME, OUTLINE_TOOL_INPUT_SCHEMA],
    [CHAPTER_TOOL_NAME, CHAPTER_TOOL_INPUT_SCHEMA],
  ])('%s requires every property of every object it describes', (_name, schema) => {
    const objects = objectSchemas(schema);
    expect(objects.length).toBeGreaterThan(0);
    for (const { path, schema: object } of objects) {
      const { properties, required } = object as {
        properties: Record<string, unknown>;
        required: string[];
      };
      expect({ path, required }).toEqual({ path, required: Object.keys(properties) });
    }
  });

  it('asks the script and the outline tools for the title and key points in the same words', () => {
    expect(OUTLINE_TOOL_INPUT_SCHEMA.properties.title).toEqual(
      SCRIPT_TOOL_INPUT_SCHEMA.properties.title,
    );
    expect(OUTLINE_TOOL_INPUT_SCHEMA.properties.keyPoints).toEqual(
      SCRIPT_TOOL_INPUT_SCHEMA.properties.keyPoints,
    );
  });
});

describe('the repair prompts', () => {
  it.each([
    ['script', SCRIPT_TOOL_NAME, buildRepairPrompt],
    ['outline', OUTLINE_TOOL_NAME, buildOutlineRepairPrompt],
    ['chapter', CHAPTER_TOOL_NAME, buildChapterRepairPrompt],
  ])(
    'the %s repair prompt lists at most 20 problems and asks %s for the whole answer again',
    (answer, tool, build) => {
      const issues = Array.from({ length: 23 }, (_, index) => `chapters.${index}: bad`);
      const lines = build(issues).split('\n');
      expect(lines[0]).toBe(`That answer is not a valid ${answer}. Problems found:`);
      expect(lines.slice(1, -1)).toEqual([
        ...issues.slice(0, 20).map((issue) => `- ${issue}`),
        '- …and 3 more',
      ]);
      expect(lines.at(-1)).toBe(
        `Fix every problem and call the ${tool} tool again with the complete corrected ${answer}.`,
      );
    },
  );
});

describe('the revision prompts', () => {
  const window = { targetWords: 900, minWords: 765, maxWords: 1_035 };

  it('ask the script and the chapter to be extended in the same words, each naming its own tool', () => {
    const script = buildRevisionPrompt({ ...window, actualWords: 400 });
    expect(script).toContain(
      'The script has 400 spoken words, but the target is 900 (between 765 and 1035). It is too short: extend it by about 500 words',
    );
    expect(script).toMatch(
      new RegExp(`Call the ${SCRIPT_TOOL_NAME} tool again with the complete revised script\\.$`),
    );
    expect(buildChapterRevisionPrompt({ ...window, actualWords: 400 })).toBe(
      script
        .replace('The script has', 'The chapter has')
        .replace(
          `${SCRIPT_TOOL_NAME} tool again with the complete revised script`,
          `${CHAPTER_TOOL_NAME} tool again with the complete revised chapter`,
        ),
    );
  });

  it('keep the intro and outro when trimming a script, not when trimming a chapter', () => {
    const length = { ...window, actualWords: 1_200 };
    expect(buildRevisionPrompt(length)).toContain(
      'trim it by about 300 words, keeping the most important content and the intro and outro.',
    );
    expect(buildChapterRevisionPrompt(length)).toContain(
      'trim it by about 300 words, keeping the most important content.',
    );
  });
});
