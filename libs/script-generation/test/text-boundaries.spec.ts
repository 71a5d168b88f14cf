import { splitSentences } from '../src/speech/text-boundaries';

describe('splitSentences', () => {
  it('splits at sentence ends but not after abbreviations or before lower-case words', () => {
    expect(splitSentences('Dr. Who arrived. He said no. Then, e.g. later, he left!  Bye')).toEqual([
      'Dr. Who arrived.',
      'He said no.',
      'Then, e.g. later, he left!',
      'Bye',
    ]);
  });

  it('collapses whitespace inside a sentence and ignores blank text', () => {
    expect(splitSentences('One\n  two.\n\nThree.')).toEqual(['One two.', 'Three.']);
    expect(splitSentences(' \n ')).toEqual([]);
  });
});
