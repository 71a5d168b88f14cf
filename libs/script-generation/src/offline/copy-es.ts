import type { MissingMaterial, OfflineLanguageCopy } from './language-copy';
import { DEFAULT_PODCAST_FORMAT, type PodcastFormat } from '../script/podcast-format';

const ORDINALS = [
  'una',
  'dos',
  'tres',
  'cuatro',
  'cinco',
  'seis',
  'siete',
  'ocho',
  'nueve',
  'diez',
];

const MISSING: Record<MissingMaterial, { spoken: string; keyPoint: string; title: string }> = {
  none: {
    spoken: 'y no se aportó ningún material de partida',
    keyPoint:
      'No se aportó material sobre {topic}, así que el episodio no afirma nada sobre el tema.',
    title: '{topic} (edición sin conexión, sin material)',
  },
  unreadable: {
    spoken: 'y el texto que nos diste no tiene frases que podamos leer en voz alta',
    keyPoint:
      'El texto sobre {topic} no tenía frases legibles, así que el episodio no afirma nada sobre el tema.',
    title: '{topic} (edición sin conexión, texto ilegible)',
  },
  covered: {
    spoken:
      'y todo lo que dice el texto que nos diste ya se trató en episodios anteriores de esta serie',
    keyPoint:
      'El texto sobre {topic} ya se trató en episodios anteriores, así que no se lee nada nuevo.',
    title: '{topic} (edición sin conexión, nada nuevo en el texto)',
  },
};

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} y ${items[items.length - 1] ?? ''}`;
}

function greeting(hosts: readonly string[]): string {
  const [first = '', ...others] = hosts;
  return others.length > 0 ? `Soy ${first} y estoy aquí con ${listOf(others)}` : `Soy ${first}`;
}

function minutesPhrase(minutes: number): string {
  return `${minutes} minuto${minutes === 1 ? '' : 's'}`;
}

function formatNote(format: PodcastFormat | undefined): string {
  switch (format ?? DEFAULT_PODCAST_FORMAT) {
    case 'deep-dive':
      return '';
    case 'brief':
      return ' Es un episodio breve, así que nos quedamos con las frases que más importan.';
    case 'debate':
      return ' Pediste un debate. Defender dos posturas requiere un modelo de lenguaje, así que sin conexión leemos el texto tal como está y nos turnamos, sin tomar partido.';
    case 'critique':
      return ' Pediste una crítica. Valorar un texto requiere un modelo de lenguaje, así que sin conexión leemos sus frases clave tal como están, y juzgarlas te toca a ti.';
    case 'lecture':
      return ' Es una clase, así que te lo leo yo solo.';
  }
}

/** The offline writer's lines in Spanish. */
export const OFFLINE_COPY_ES: OfflineLanguageCopy = {
  listWord: 'y',
  welcome: (hosts, topic, previousTitle) =>
    `Bienvenidos a Lumcast. ${greeting(hosts)}. El tema de hoy: ${topic}.` +
    (previousTitle === undefined
      ? ''
      : ` Este episodio continúa nuestra serie; la última vez hablamos de «${previousTitle}».`),
  readingNote: (note) => {
    const first = note.hosts[0] ?? '';
    const readers =
      note.hosts.length === 1 ? 'leo' : note.hosts.length === 2 ? `${first} y yo leemos` : 'leemos';
    return (
      'Una nota antes de empezar: este episodio se preparó sin conexión, sin un modelo de lenguaje. ' +
      `Todo lo que ${readers} en la parte principal viene palabra por palabra del texto que nos diste, en su orden original. ` +
      `Elegimos ${note.chosen} de sus ${note.sentenceCount} frases, las que llevan sus temas principales: ${note.themePhrase}.` +
      formatNote(note.format) +
      (note.shortOfMinutes !== undefined
        ? ` El texto es bastante corto, así que este episodio dura menos de los ${minutesPhrase(note.shortOfMinutes)} que pediste.`
        : '')
    );
  },
  readingPlan: (hostCount, parts) =>
    parts === 1
      ? `${hostCount === 1 ? 'Lo leeré' : 'Lo leeremos'} en una sola parte. Empecemos.`
      : `${hostCount === 1 ? 'Lo recorreré' : 'Lo recorreremos'} en ${ORDINALS[parts - 1] ?? parts} partes. Empecemos.`,
  partName: (index) => `Parte ${index + 1}`,
  partOpener: (name, terms) =>
    terms === undefined ? `${name}.` : `La ${name.toLowerCase()} trata de ${terms}.`,
  welcomeChapterTitle: 'Bienvenida',
  wrapUpChapterTitle: 'Cierre',
  recap: (themePhrase) =>
    `Aquí termina nuestra lectura. En resumen, el texto volvía una y otra vez a ${themePhrase}.`,
  goodbye:
    'Gracias por escuchar esta edición sin conexión de Lumcast, leída de tu texto sin un modelo de lenguaje. ¡Hasta pronto!',
  title: (topic) => `${topic} (edición sin conexión)`,
  summary: (facts) =>
    `Un episodio sin conexión sobre ${facts.topic}: ${facts.chosen} de las ${facts.sentenceCount} frases del texto, ` +
    `elegidas por la frecuencia de sus términos y leídas en su orden original por ${facts.hostsPhrase}` +
    `${facts.parts > 1 ? `, en ${facts.parts} partes` : ''}, sobre ${facts.themePhrase}. Escrito sin un modelo de lenguaje.`,
  fallbackKeyPoint: (topic) => `Una lectura del texto sobre ${topic}.`,
  placeholder: {
    title: (topic, missing) => MISSING[missing].title.replace('{topic}', () => topic),
    summary: (topic) =>
      `Un episodio provisional sin conexión sobre ${topic}. Se escribió sin un modelo de lenguaje y sin material utilizable, ` +
      'así que no afirma nada sobre el tema: los presentadores lo dicen, proponen preguntas que vale la pena explorar y explican cómo conseguir un episodio completo.',
    upfront: (hostCount, topic, missing) => {
      const solo = hostCount === 1;
      return `Antes que nada, ${solo ? 'quiero' : 'queremos'} ser sinceros contigo. Este episodio se escribió sin conexión, sin un modelo de lenguaje, ${MISSING[missing].spoken}. Así que no ${solo ? 'tengo' : 'tenemos'} datos sobre ${topic} que contar, y no ${solo ? 'voy' : 'vamos'} a inventarnos ninguno.`;
    },
    shorterThanAsked: (minutes) =>
      `Eso también significa que este episodio es mucho más corto que los ${minutesPhrase(minutes)} que pediste.`,
    questions: (topic) => [
      `¿Qué es exactamente ${topic}, y cómo se lo explicarías a un amigo en dos frases?`,
      '¿De dónde viene? ¿Cuál es su historia, y qué cambió por el camino?',
      '¿A quién afecta, y cómo sería su vida diaria sin ello?',
      '¿En qué están de acuerdo los expertos, y en qué siguen sin estarlo?',
      '¿Qué es lo que la gente suele entender mal sobre el tema?',
      'Y por último, ¿dónde encontrarías una fuente fiable para saber más?',
    ],
    firstQuestion: (hostCount, question) =>
      `Lo que ${hostCount === 1 ? 'puedo' : 'podemos'} hacer es proponer preguntas que vale la pena explorar. Primera: ${question}`,
    howToGetFull: (topic) =>
      `Para escuchar un episodio de verdad sobre ${topic}, añade un texto de partida, como un artículo o tus propias notas, y Lumcast construirá el episodio a partir de él. O usa Lumcast con su modelo de lenguaje activado.`,
    thanks: 'Gracias por escuchar, y hasta la próxima.',
    chapterTitles: [
      'Sobre este episodio',
      'Preguntas que vale la pena hacerse',
      'Cómo conseguir un episodio completo',
    ],
    keyPoints: (topic, missing) => [
      'Este episodio se escribió sin conexión, sin un modelo de lenguaje.',
      MISSING[missing].keyPoint.replace('{topic}', () => topic),
      'Añade un texto de partida o activa el modelo de lenguaje para un episodio completo.',
    ],
  },
};
