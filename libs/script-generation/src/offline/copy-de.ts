import type { MissingMaterial, OfflineLanguageCopy } from './language-copy';
import { DEFAULT_PODCAST_FORMAT, type PodcastFormat } from '../script/podcast-format';

const ORDINALS = [
  'einem',
  'zwei',
  'drei',
  'vier',
  'fünf',
  'sechs',
  'sieben',
  'acht',
  'neun',
  'zehn',
];

const MISSING: Record<MissingMaterial, { spoken: string; keyPoint: string; title: string }> = {
  none: {
    spoken: 'und es wurde kein Quellenmaterial mitgegeben',
    keyPoint:
      'Zu {topic} wurde kein Quellenmaterial mitgegeben, daher behauptet die Folge nichts darüber.',
    title: '{topic} (Offline-Ausgabe, ohne Quellenmaterial)',
  },
  unreadable: {
    spoken:
      'und der Quelltext, den du mitgegeben hast, enthält keine Sätze, die wir vorlesen könnten',
    keyPoint:
      'Der Quelltext zu {topic} enthielt keine lesbaren Sätze, daher behauptet die Folge nichts darüber.',
    title: '{topic} (Offline-Ausgabe, unlesbare Quelle)',
  },
  covered: {
    spoken:
      'und alles aus dem Quelltext, den du mitgegeben hast, kam schon in früheren Folgen dieser Reihe vor',
    keyPoint:
      'Der Quelltext zu {topic} kam schon in früheren Folgen vor, daher wird nichts Neues gelesen.',
    title: '{topic} (Offline-Ausgabe, nichts Neues in der Quelle)',
  },
};

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} und ${items[items.length - 1] ?? ''}`;
}

function greeting(hosts: readonly string[]): string {
  const [first = '', ...others] = hosts;
  return others.length > 0
    ? `Ich bin ${first}, und bei mir ${others.length === 1 ? 'ist' : 'sind'} ${listOf(others)}`
    : `Ich bin ${first}`;
}

function minutesPhrase(minutes: number): string {
  return `${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'}`;
}

function formatNote(format: PodcastFormat | undefined): string {
  switch (format ?? DEFAULT_PODCAST_FORMAT) {
    case 'deep-dive':
      return '';
    case 'brief':
      return ' Das ist eine Kurzfolge, also bleiben wir bei den wichtigsten Sätzen.';
    case 'debate':
      return ' Du hast dir eine Debatte gewünscht. Zwei Seiten zu vertreten braucht ein Sprachmodell, also lesen wir offline den Text, wie er ist, und wechseln uns ab, ohne Partei zu ergreifen.';
    case 'critique':
      return ' Du hast dir eine Kritik gewünscht. Einen Text zu bewerten braucht ein Sprachmodell, also lesen wir offline seine wichtigsten Sätze, wie sie sind, und das Urteil überlassen wir dir.';
    case 'lecture':
      return ' Das ist ein Vortrag, also lese ich ihn dir allein vor.';
  }
}

/** The offline writer's lines in German. */
export const OFFLINE_COPY_DE: OfflineLanguageCopy = {
  listWord: 'und',
  welcome: (hosts, topic, previousTitle) =>
    `Willkommen bei Lumcast. ${greeting(hosts)}. Unser Thema heute: ${topic}.` +
    (previousTitle === undefined
      ? ''
      : ` Diese Folge setzt unsere Reihe fort; letztes Mal ging es um „${previousTitle}“.`),
  readingNote: (note) => {
    const first = note.hosts[0] ?? '';
    const readers =
      note.hosts.length === 1
        ? 'ich im Hauptteil lese'
        : note.hosts.length === 2
          ? `${first} und ich im Hauptteil lesen`
          : 'wir im Hauptteil lesen';
    return (
      'Kurz vorweg: Diese Folge ist offline entstanden, ohne Sprachmodell. ' +
      `Alles, was ${readers}, stammt Wort für Wort aus dem Quelltext, den du mitgegeben hast, in seiner ursprünglichen Reihenfolge. ` +
      `Wir haben ${note.chosen} seiner ${note.sentenceCount} Sätze ausgewählt, die seine Hauptthemen tragen: ${note.themePhrase}.` +
      formatNote(note.format) +
      (note.shortOfMinutes !== undefined
        ? ` Der Quelltext ist recht kurz, daher ist diese Folge kürzer als die gewünschten ${minutesPhrase(note.shortOfMinutes)}.`
        : '')
    );
  },
  readingPlan: (hostCount, parts) =>
    parts === 1
      ? `${hostCount === 1 ? 'Ich lese' : 'Wir lesen'} ihn in einem Teil. Los geht’s.`
      : `${hostCount === 1 ? 'Ich gehe' : 'Wir gehen'} ihn in ${ORDINALS[parts - 1] ?? parts} Teilen durch. Los geht’s.`,
  partName: (index) => `Teil ${index + 1}`,
  partOpener: (name, terms) =>
    terms === undefined ? `${name}.` : `In ${name} geht es um ${terms}.`,
  welcomeChapterTitle: 'Willkommen',
  wrapUpChapterTitle: 'Zusammenfassung',
  recap: (themePhrase) =>
    `Das war unsere Lesung. Zusammengefasst kam der Text immer wieder auf ${themePhrase} zurück.`,
  goodbye:
    'Danke fürs Zuhören bei dieser Offline-Ausgabe von Lumcast, gelesen aus deinem Quelltext ohne Sprachmodell. Tschüss!',
  title: (topic) => `${topic} (Offline-Ausgabe)`,
  summary: (facts) =>
    `Eine Offline-Folge über ${facts.topic}: ${facts.chosen} der ${facts.sentenceCount} Sätze des Quelltexts, ` +
    `nach Worthäufigkeit ausgewählt und in ihrer ursprünglichen Reihenfolge gelesen von ${facts.hostsPhrase}` +
    `${facts.parts > 1 ? `, in ${facts.parts} Teilen` : ''}, zu ${facts.themePhrase}. Ohne Sprachmodell geschrieben.`,
  fallbackKeyPoint: (topic) => `Eine Lesung des Quelltexts zu ${topic}.`,
  placeholder: {
    title: (topic, missing) => MISSING[missing].title.replace('{topic}', () => topic),
    summary: (topic) =>
      `Eine Offline-Platzhalterfolge über ${topic}. Sie wurde ohne Sprachmodell und ohne verwertbares Quellenmaterial geschrieben, ` +
      'daher behauptet sie nichts über das Thema: Die Hosts sagen das, schlagen lohnende Fragen vor und erklären, wie man eine vollständige Folge bekommt.',
    upfront: (hostCount, topic, missing) => {
      const solo = hostCount === 1;
      return `Vorab ${solo ? 'will ich' : 'wollen wir'} ehrlich zu dir sein. Diese Folge wurde offline geschrieben, ohne Sprachmodell, ${MISSING[missing].spoken}. Also ${solo ? 'habe ich' : 'haben wir'} keine Fakten über ${topic}, und ${solo ? 'ich werde' : 'wir werden'} auch keine erfinden.`;
    },
    shorterThanAsked: (minutes) =>
      `Das heißt auch, dass diese Folge viel kürzer ist als die gewünschten ${minutesPhrase(minutes)}.`,
    questions: (topic) => [
      `Was genau ist ${topic}, und wie würdest du es einer Freundin in zwei Sätzen erklären?`,
      'Woher kommt es? Was ist seine Geschichte, und was hat sich unterwegs verändert?',
      'Wen betrifft es, und wie sähe deren Alltag ohne es aus?',
      'Worin sind sich Fachleute einig, und wo sind sie noch uneins?',
      'Was verstehen viele Leute daran oft falsch?',
      'Und zum Schluss: Wo findest du eine verlässliche Quelle, um mehr zu erfahren?',
    ],
    firstQuestion: (hostCount, question) =>
      `Was ${hostCount === 1 ? 'ich tun kann' : 'wir tun können'}: lohnende Fragen vorschlagen. Erstens: ${question}`,
    howToGetFull: (topic) =>
      `Für eine echte Folge über ${topic} füge einen Quelltext hinzu, etwa einen Artikel oder deine eigenen Notizen, und Lumcast baut die Folge daraus. Oder nutze Lumcast mit eingeschaltetem Sprachmodell.`,
    thanks: 'Danke fürs Zuhören, und bis zum nächsten Mal.',
    chapterTitles: [
      'Über diese Folge',
      'Lohnende Fragen',
      'So bekommst du eine vollständige Folge',
    ],
    keyPoints: (topic, missing) => [
      'Diese Folge wurde offline geschrieben, ohne Sprachmodell.',
      MISSING[missing].keyPoint.replace('{topic}', () => topic),
      'Füge einen Quelltext hinzu oder schalte das Sprachmodell ein, um eine vollständige Folge zu bekommen.',
    ],
  },
};
