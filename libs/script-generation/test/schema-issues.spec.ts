import { checkOutline } from '../src/bedrock/tasks';
import { buildOutlinePrompts } from '../src/prompts/outline-prompts';
import { validatePodcastScript } from '../src/script/podcast-script';
import { validateWrittenChapter } from '../src/script/written-chapter';
import { tidesOutline } from './support/scripts';

describe('the issues of an invalid answer', () => {
  it('state a problem with the whole answer at (root), for a script, an outline and a chapter', () => {
    const notAnObject = '(root): Invalid input: expected object, received string';
    expect(validatePodcastScript('script')).toEqual({ ok: false, issues: [notAnObject] });
    expect(
      checkOutline(
        'outline',
        buildOutlinePrompts({ topic: 'Tides', minutes: 60, quality: 'neural' }),
      ),
    ).toEqual({ ok: false, issues: [notAnObject] });
    expect(validateWrittenChapter('chapter', tidesOutline(), 0)).toEqual({
      ok: false,
      issues: [notAnObject],
    });
  });

  it('state a nested problem at its dotted path, in the same words for a script and a chapter', () => {
    const segments = [
      { speaker: 'Alex', text: 'Hi.' },
      { speaker: 'Sam', text: ' ' },
    ];
    expect(validateWrittenChapter({ segments }, tidesOutline(), 0)).toEqual({
      ok: false,
      issues: ['segments.1.text: segment text must not be empty'],
    });
    const script = { ...tidesOutline(), chapters: [{ title: 'Opening', segments }] };
    expect(validatePodcastScript(script)).toEqual({
      ok: false,
      issues: ['chapters.0.segments.1.text: segment text must not be empty'],
    });
  });
});
