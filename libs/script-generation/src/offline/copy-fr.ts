import type { MissingMaterial, OfflineLanguageCopy } from './language-copy';
import { DEFAULT_PODCAST_FORMAT, type PodcastFormat } from '../script/podcast-format';

const ORDINALS = ['une', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix'];

const MISSING: Record<MissingMaterial, { spoken: string; keyPoint: string; title: string }> = {
  none: {
    spoken: 'et aucun texte source n’a été fourni',
    keyPoint:
      'Aucun texte source sur {topic} n’a été fourni, donc l’épisode n’affirme rien à ce sujet.',
    title: '{topic} (édition hors ligne, sans texte source)',
  },
  unreadable: {
    spoken: 'et le texte que tu as fourni n’a aucune phrase que nous puissions lire à voix haute',
    keyPoint:
      'Le texte sur {topic} n’avait aucune phrase lisible, donc l’épisode n’affirme rien à ce sujet.',
    title: '{topic} (édition hors ligne, texte illisible)',
  },
  covered: {
    spoken:
      'et tout ce que dit le texte que tu as fourni a déjà été traité dans des épisodes précédents de cette série',
    keyPoint:
      'Le texte sur {topic} a déjà été traité dans des épisodes précédents, donc rien de nouveau n’est lu.',
    title: '{topic} (édition hors ligne, rien de nouveau dans le texte)',
  },
};

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} et ${items[items.length - 1] ?? ''}`;
}

function greeting(hosts: readonly string[]): string {
  const [first = '', ...others] = hosts;
  return others.length > 0 ? `Je suis ${first}, avec ${listOf(others)}` : `Je suis ${first}`;
}

function minutesPhrase(minutes: number): string {
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function formatNote(format: PodcastFormat | undefined): string {
  switch (format ?? DEFAULT_PODCAST_FORMAT) {
    case 'deep-dive':
      return '';
    case 'brief':
      return ' C’est un épisode court, alors nous gardons les phrases qui comptent le plus.';
    case 'debate':
      return ' Tu as demandé un débat. Défendre deux camps demande un modèle de langage, alors hors ligne nous lisons le texte tel quel et parlons à tour de rôle, sans prendre parti.';
    case 'critique':
      return ' Tu as demandé une critique. Juger un texte demande un modèle de langage, alors hors ligne nous lisons ses phrases clés telles quelles, et c’est à toi de les juger.';
    case 'lecture':
      return ' C’est un cours, alors je te le lis seul.';
  }
}

/** The offline writer's lines in French. */
export const OFFLINE_COPY_FR: OfflineLanguageCopy = {
  listWord: 'et',
  welcome: (hosts, topic, previousTitle) =>
    `Bienvenue sur Lumcast. ${greeting(hosts)}. Le sujet du jour : ${topic}.` +
    (previousTitle === undefined
      ? ''
      : ` Cet épisode poursuit notre série ; la dernière fois, nous avons parlé de « ${previousTitle} ».`),
  readingNote: (note) => {
    const first = note.hosts[0] ?? '';
    const readers =
      note.hosts.length === 1
        ? 'je lis'
        : note.hosts.length === 2
          ? `nous lisons, ${first} et moi,`
          : 'nous lisons';
    return (
      'Un mot avant de commencer : cet épisode a été préparé hors ligne, sans modèle de langage. ' +
      `Tout ce que ${readers} dans la partie principale vient mot pour mot du texte que tu as fourni, dans son ordre d’origine. ` +
      `Nous avons choisi ${note.chosen} de ses ${note.sentenceCount} phrases, celles qui portent ses thèmes principaux : ${note.themePhrase}.` +
      formatNote(note.format) +
      (note.shortOfMinutes !== undefined
        ? ` Le texte est assez court, donc cet épisode dure moins que les ${minutesPhrase(note.shortOfMinutes)} demandées.`
        : '')
    );
  },
  readingPlan: (hostCount, parts) =>
    parts === 1
      ? `${hostCount === 1 ? 'Je le lis' : 'Nous le lisons'} en une seule partie. Commençons.`
      : `${hostCount === 1 ? 'Je le parcours' : 'Nous le parcourons'} en ${ORDINALS[parts - 1] ?? parts} parties. Commençons.`,
  partName: (index) => `Partie ${index + 1}`,
  partOpener: (name, terms) =>
    terms === undefined ? `${name}.` : `La ${name.toLowerCase()} parle de ${terms}.`,
  welcomeChapterTitle: 'Bienvenue',
  wrapUpChapterTitle: 'Conclusion',
  recap: (themePhrase) =>
    `Voilà la fin de notre lecture. En résumé, le texte revenait sans cesse à ${themePhrase}.`,
  goodbye:
    'Merci d’avoir écouté cette édition hors ligne de Lumcast, lue dans ton texte sans modèle de langage. Au revoir !',
  title: (topic) => `${topic} (édition hors ligne)`,
  summary: (facts) =>
    `Un épisode hors ligne sur ${facts.topic} : ${facts.chosen} des ${facts.sentenceCount} phrases du texte, ` +
    `choisies selon la fréquence de leurs termes et lues dans leur ordre d’origine par ${facts.hostsPhrase}` +
    `${facts.parts > 1 ? `, en ${facts.parts} parties` : ''}, sur ${facts.themePhrase}. Écrit sans modèle de langage.`,
  fallbackKeyPoint: (topic) => `Une lecture du texte sur ${topic}.`,
  placeholder: {
    title: (topic, missing) => MISSING[missing].title.replace('{topic}', () => topic),
    summary: (topic) =>
      `Un épisode provisoire hors ligne sur ${topic}. Il a été écrit sans modèle de langage et sans texte source utilisable, ` +
      'donc il n’affirme rien sur le sujet : les animateurs le disent, proposent des questions à explorer et expliquent comment obtenir un épisode complet.',
    upfront: (hostCount, topic, missing) => {
      const solo = hostCount === 1;
      return `Avant tout, ${solo ? 'je veux être franc' : 'nous voulons être francs'} avec toi. Cet épisode a été écrit hors ligne, sans modèle de langage, ${MISSING[missing].spoken}. ${solo ? 'Je n’ai' : 'Nous n’avons'} donc aucun fait sur ${topic} à partager, et ${solo ? 'je ne vais' : 'nous n’allons'} pas en inventer.`;
    },
    shorterThanAsked: (minutes) =>
      `Cela veut aussi dire que cet épisode est bien plus court que les ${minutesPhrase(minutes)} demandées.`,
    questions: (topic) => [
      `Qu’est-ce que ${topic}, exactement, et comment l’expliquerais-tu à un ami en deux phrases ?`,
      'D’où cela vient-il ? Quelle est son histoire, et qu’est-ce qui a changé en chemin ?',
      'Qui cela touche-t-il, et en quoi leur quotidien serait-il différent sans cela ?',
      'Sur quoi les experts sont-ils d’accord, et où divergent-ils encore ?',
      'Qu’est-ce que les gens comprennent souvent de travers à ce sujet ?',
      'Et enfin, où trouverais-tu une source fiable pour en savoir plus ?',
    ],
    firstQuestion: (hostCount, question) =>
      `Ce que ${hostCount === 1 ? 'je peux' : 'nous pouvons'} faire, c’est proposer des questions à explorer. Première : ${question}`,
    howToGetFull: (topic) =>
      `Pour écouter un vrai épisode sur ${topic}, ajoute un texte source, comme un article ou tes propres notes, et Lumcast construira l’épisode à partir de lui. Ou utilise Lumcast avec son modèle de langage activé.`,
    thanks: 'Merci d’avoir écouté, et à la prochaine.',
    chapterTitles: [
      'À propos de cet épisode',
      'Des questions à se poser',
      'Comment obtenir un épisode complet',
    ],
    keyPoints: (topic, missing) => [
      'Cet épisode a été écrit hors ligne, sans modèle de langage.',
      MISSING[missing].keyPoint.replace('{topic}', () => topic),
      'Ajoute un texte source ou active le modèle de langage pour un épisode complet.',
    ],
  },
};
