import type { MissingMaterial, OfflineLanguageCopy } from './language-copy';
import { DEFAULT_PODCAST_FORMAT, type PodcastFormat } from '../script/podcast-format';

const ORDINALS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

const MISSING: Record<MissingMaterial, { spoken: string; keyPoint: string; title: string }> = {
  none: {
    spoken: 'and no source material was provided',
    keyPoint:
      'No source material about {topic} was provided, so the episode states no facts about it.',
    title: '{topic} (offline edition, no source material)',
  },
  unreadable: {
    spoken: 'and the source text you provided has no sentences we could read aloud',
    keyPoint:
      'The source text about {topic} had no readable sentences, so the episode states no facts about it.',
    title: '{topic} (offline edition, unreadable source)',
  },
  covered: {
    spoken:
      'and everything in the source text you provided was already covered by earlier episodes of this series',
    keyPoint:
      'The source text about {topic} was already covered by earlier episodes, so nothing new is read.',
    title: '{topic} (offline edition, nothing new in the source)',
  },
};

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

/** `I'm Alex`, `I'm Alex, and I'm here with Sam`, `I'm Alex, and I'm here with Sam and Noor`. */
function greeting(hosts: readonly string[]): string {
  const [first = '', ...others] = hosts;
  return others.length > 0 ? `I'm ${first}, and I'm here with ${listOf(others)}` : `I'm ${first}`;
}

function minutesPhrase(minutes: number): string {
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * What the hosts say about the format asked for. The offline writer reads source sentences as
 * they stand, so a debate or a critique says plainly that arguing or judging needs a language
 * model, rather than pretending to; `''` for the default deep dive.
 */
function formatNote(format: PodcastFormat | undefined): string {
  switch (format ?? DEFAULT_PODCAST_FORMAT) {
    case 'deep-dive':
      return '';
    case 'brief':
      return ' This is a brief, so we keep to the sentences that matter most.';
    case 'debate':
      return ' You asked for a debate. Arguing two sides takes a language model, so offline we read the source as it stands and take turns, without taking sides.';
    case 'critique':
      return ' You asked for a critique. Weighing a text takes a language model, so offline we read its key sentences as they stand, and judging them is up to you.';
    case 'lecture':
      return ' This is a lecture, so I read it to you on my own.';
  }
}

/** The offline writer's lines in English. */
export const OFFLINE_COPY_EN: OfflineLanguageCopy = {
  listWord: 'and',
  welcome: (hosts, topic, previousTitle) =>
    `Welcome to Lumcast. ${greeting(hosts)}. Today's topic: ${topic}.` +
    (previousTitle === undefined
      ? ''
      : ` This episode continues our series; last time we covered "${previousTitle}".`),
  readingNote: (note) => {
    const first = note.hosts[0] ?? '';
    const readers =
      note.hosts.length === 1 ? 'I' : note.hosts.length === 2 ? `${first} and I` : 'we';
    return (
      `A quick note before we start: this episode was put together offline, without a language model. ` +
      `Everything ${readers} read in the main part comes word for word from the source text you provided, in its original order. ` +
      `We picked ${note.chosen} of its ${note.sentenceCount} sentences, the ones that carry its main themes: ${note.themePhrase}.` +
      formatNote(note.format) +
      (note.shortOfMinutes !== undefined
        ? ` The source text is fairly short, so this episode runs shorter than the ${minutesPhrase(note.shortOfMinutes)} you asked for.`
        : '')
    );
  },
  readingPlan: (hostCount, parts) =>
    parts === 1
      ? `${hostCount === 1 ? "I'll" : "We'll"} read it in one part. Let's begin.`
      : `${hostCount === 1 ? "I'll" : "We'll"} go through it in ${ORDINALS[parts - 1] ?? parts} parts. Let's begin.`,
  partName: (index) => `Part ${index + 1}`,
  partOpener: (name, terms) => (terms === undefined ? `${name}.` : `${name} is about ${terms}.`),
  welcomeChapterTitle: 'Welcome',
  wrapUpChapterTitle: 'Wrap-up',
  recap: (themePhrase) =>
    `That's the end of our reading. To recap, the text kept coming back to ${themePhrase}.`,
  goodbye:
    'Thanks for listening to this offline edition of Lumcast, read from your source text without a language model. Goodbye!',
  title: (topic) => `${topic} (offline edition)`,
  summary: (facts) =>
    `An offline episode on ${facts.topic}: ${facts.chosen} of the ${facts.sentenceCount} sentences of the source text, ` +
    `selected by term frequency and read in their original order by ${facts.hostsPhrase}` +
    `${facts.parts > 1 ? `, in ${facts.parts} parts` : ''}, covering ${facts.themePhrase}. Written without a language model.`,
  fallbackKeyPoint: (topic) => `A reading of the source text on ${topic}.`,
  placeholder: {
    title: (topic, missing) => MISSING[missing].title.replace('{topic}', () => topic),
    summary: (topic) =>
      `An offline placeholder episode on ${topic}. It was written without a language model and without usable source material, ` +
      `so it states no facts about the topic: the hosts say so, suggest questions worth exploring, and explain how to get a full episode.`,
    upfront: (hostCount, topic, missing) => {
      const we = hostCount === 1 ? 'I' : 'we';
      return `Before anything else, ${we} want to be upfront with you. This episode was written offline, without a language model, ${MISSING[missing].spoken}. So ${we} have no facts about ${topic} to share, and ${we} are not going to make any up.`;
    },
    shorterThanAsked: (minutes) =>
      `That also means this episode is much shorter than the ${minutesPhrase(minutes)} you asked for.`,
    questions: (topic) => [
      `What exactly is ${topic}, and how would you explain it to a friend in two sentences?`,
      `Where does it come from? What is its history, and what changed along the way?`,
      `Who does it affect, and how would their everyday life be different without it?`,
      `What do experts agree on, and where do they still disagree?`,
      `What is one thing people often get wrong about it?`,
      `And finally, where would you find a reliable source to learn more?`,
    ],
    firstQuestion: (hostCount, question) =>
      `What ${hostCount === 1 ? 'I' : 'we'} can do is suggest questions worth exploring. First: ${question}`,
    howToGetFull: (topic) =>
      `To hear a real episode about ${topic}, add a source text, such as an article or your own notes, and Lumcast will build the episode from it. Or run Lumcast with its language model enabled.`,
    thanks: 'Thanks for listening, and see you next time.',
    chapterTitles: ['About this episode', 'Questions worth asking', 'How to get a full episode'],
    keyPoints: (topic, missing) => [
      'This episode was written offline, without a language model.',
      MISSING[missing].keyPoint.replace('{topic}', () => topic),
      'Add a source text or enable the language model for a full episode.',
    ],
  },
};
