import { OfflineScriptWriter } from '../src/offline/offline-script-writer';
import { podcastScriptSchema, type PodcastScript } from '../src/script/podcast-script';
import { contentWords } from '../src/offline/sentence-ranking';

const writer = new OfflineScriptWriter();

/** Every line of a script a listener hears or reads: titles, summary, segments, key points. */
function allText(script: PodcastScript): string {
  return [
    script.title,
    script.summary,
    ...script.chapters.flatMap((chapter) => [
      chapter.title,
      ...chapter.segments.map((segment) => segment.text),
    ]),
    ...script.keyPoints,
  ].join('\n');
}

/** Fixed English phrases of the offline writer; none may appear in another language's episode. */
const ENGLISH_PHRASES = [
  'Welcome to Lumcast',
  'offline edition',
  'language model',
  'Thanks for listening',
  'Part 1',
  'Wrap-up',
  'You asked for',
  'source text',
  ' and ',
];

const SOURCES = {
  es: 'Los ríos excavan sus valles a lo largo de miles de años. El agua de la montaña corre deprisa y corta valles estrechos. Cerca del mar el río pierde fuerza y deja sus sedimentos en llanuras fértiles. Las crecidas de primavera mueven más material que el resto del año.',
  de: 'Flüsse graben ihre Täler über Jahrtausende. In den Bergen fließt das Wasser schnell und schneidet enge Täler. Nahe dem Meer verliert der Fluss an Kraft und lässt seine Sedimente in fruchtbaren Ebenen liegen. Die Frühjahrshochwasser bewegen mehr Material als der Rest des Jahres.',
  fr: 'Les rivières creusent leurs vallées pendant des milliers d’années. Dans la montagne, l’eau court vite et taille des vallées étroites. Près de la mer, la rivière perd de sa force et laisse ses sédiments dans des plaines fertiles. Les crues du printemps déplacent plus de matière que le reste de l’année.',
} as const;

const EXPECTED = {
  es: {
    language: 'es-MX',
    welcome: 'Bienvenidos a Lumcast. Soy Alex y estoy aquí con Sam. El tema de hoy: Ríos.',
    title: 'Ríos (edición sin conexión)',
    placeholderTitle: 'Ríos (edición sin conexión, sin material)',
    debate: 'Pediste un debate.',
  },
  de: {
    language: 'de-DE',
    welcome: 'Willkommen bei Lumcast. Ich bin Alex, und bei mir ist Sam. Unser Thema heute: Ríos.',
    title: 'Ríos (Offline-Ausgabe)',
    placeholderTitle: 'Ríos (Offline-Ausgabe, ohne Quellenmaterial)',
    debate: 'Du hast dir eine Debatte gewünscht.',
  },
  fr: {
    language: 'fr-FR',
    welcome: 'Bienvenue sur Lumcast. Je suis Alex, avec Sam. Le sujet du jour : Ríos.',
    title: 'Ríos (édition hors ligne)',
    placeholderTitle: 'Ríos (édition hors ligne, sans texte source)',
    debate: 'Tu as demandé un débat.',
  },
} as const;

describe('the offline writer’s own lines in the request’s language', () => {
  describe.each(Object.keys(EXPECTED) as (keyof typeof EXPECTED)[])('%s', (family) => {
    const expected = EXPECTED[family];

    it('writes a reading’s welcome, title, format note and every other fixed line in it, with no English one', async () => {
      const script = await writer.write({
        topic: 'Ríos',
        minutes: 3,
        quality: 'standard',
        format: 'debate',
        language: expected.language,
        sourceText: SOURCES[family],
      });
      expect(podcastScriptSchema.safeParse(script).success).toBe(true);
      expect(script.chapters[0]?.segments[0]?.text).toBe(expected.welcome);
      expect(script.title).toBe(expected.title);
      expect(allText(script)).toContain(expected.debate);
      for (const phrase of ENGLISH_PHRASES) expect(allText(script)).not.toContain(phrase);
    });

    it('writes the placeholder episode (a topic and nothing to read) in it, questions included', async () => {
      const script = await writer.write({
        topic: 'Ríos',
        minutes: 2,
        quality: 'standard',
        language: expected.language,
      });
      expect(podcastScriptSchema.safeParse(script).success).toBe(true);
      expect(script.title).toBe(expected.placeholderTitle);
      expect(script.chapters[0]?.segments[0]?.text).toBe(expected.welcome);
      expect(script.chapters[1]?.segments).toHaveLength(6);
      for (const phrase of ENGLISH_PHRASES) expect(allText(script)).not.toContain(phrase);
    });
  });

  it('speaks to a lone host in the singular (fr-BE lecture)', async () => {
    const script = await writer.write({
      topic: 'Marées',
      minutes: 2,
      quality: 'neural',
      format: 'lecture',
      language: 'fr-BE',
    });
    expect(script.chapters[0]?.segments[1]?.text).toMatch(
      /^Avant tout, je veux être franc avec toi\./,
    );
    expect(allText(script)).toContain('Je n’ai donc aucun fait sur Marées');
  });

  it('joins three hosts with the language’s own “and”', async () => {
    const script = await writer.write({
      topic: 'Flüsse',
      minutes: 2,
      quality: 'standard',
      hosts: [{ name: 'Ada' }, { name: 'Ben' }, { name: 'Cem' }],
      language: 'de-DE',
    });
    expect(script.chapters[0]?.segments[0]?.text).toBe(
      'Willkommen bei Lumcast. Ich bin Ada, und bei mir sind Ben und Cem. Unser Thema heute: Flüsse.',
    );
  });

  it('keeps English for an English variant (en-GB), word for word what en-US says', async () => {
    const request = { topic: 'Tides', minutes: 2, quality: 'standard' as const };
    expect(await writer.write({ ...request, language: 'en-GB' })).toEqual(
      await writer.write(request),
    );
  });
});

describe('contentWords in a language', () => {
  it.each([
    ['es', 'Que los ríos de la montaña y del valle', ['ríos', 'montaña', 'valle']],
    ['de', 'Die Flüsse der Berge und die Täler', ['flüsse', 'berge', 'täler']],
    ['fr', 'Les rivières de l’Europe et des Alpes', ['rivière', 'europe', 'alpe']],
  ] as const)(
    'leaves out %s function words (and French elisions), so themes are content words',
    (family, text, words) => {
      expect(contentWords(text, family)).toEqual(words);
    },
  );

  it('keeps English words that are function words elsewhere (“die”, “war”, “son”) in English', () => {
    expect(contentWords('The war made the son die.', 'en')).toEqual(['war', 'made', 'son', 'die']);
  });
});
