import type { ScriptLanguageFamily } from '../script/language';

const words = (list: string): ReadonlySet<string> => new Set(list.split(' '));

/**
 * Function words of each language the script writer writes, lower case (accents kept): the
 * offline writer's ranking leaves them out, so a theme is a content word of the source's own
 * language ("mercado", not "que"; "markt", not "der").
 */
export const STOP_WORDS: Readonly<Record<ScriptLanguageFamily, ReadonlySet<string>>> =
  Object.freeze({
    en: words(
      'a about above after again against all also am an and any are as at be because been before being ' +
        'below between both but by can could did do does doing down during each few for from further had has ' +
        'have having he her here hers herself him himself his how i if in into is it its itself just let me ' +
        'more most my myself no nor not now of off on once only or other our ours ourselves out over own same ' +
        'she should so some such than that the their theirs them themselves then there these they this those ' +
        'through to too under until up very was we were what when where which while who whom why will with ' +
        'would you your yours yourself yourselves one two may might must shall us many much like also however ' +
        'said says even well yet still though although',
    ),
    es: words(
      'a al algo algunas algunos ante antes aquel aquella aquellas aquellos aquí así aunque cada casi como con ' +
        'contra cual cuales cuando cuanto de del desde donde dos durante el ella ellas ellos en entre era eran ' +
        'es esa esas ese eso esos esta estaba estaban estado estar estas este esto estos está están fue fueron ' +
        'ha había habían han hasta hay la las le les lo los más me mi mientras muy mucho muchos nada ni no nos ' +
        'nosotros o otra otras otro otros para pero poco por porque que qué quien quienes se sea según ser si ' +
        'sido siempre sin sino sobre son su sus también tan tanto te tiene tienen todo todos tras tu tus un una ' +
        'uno unos unas usted ustedes y ya yo cuál cómo dónde puede pueden hace hacen solo sólo vez veces',
    ),
    de: words(
      'aber alle allem allen aller alles als also am an auch auf aus bei beim bin bis bist da dabei damit dann ' +
        'das dass dein deine dem den denn der des dessen dich die dies diese diesem diesen dieser dieses dir doch ' +
        'dort du durch ein eine einem einen einer eines er es etwa euch euer für gegen gibt hat hatte hatten ' +
        'haben hier hin ich ihm ihn ihnen ihr ihre ihrem ihren ihrer im in ist ja jede jedem jeden jeder jedes ' +
        'jetzt kann kein keine können man mehr mein meine mich mir mit muss nach nicht nichts noch nun nur ob ' +
        'oder ohne sehr sein seine seinem seinen seiner sich sie sind so solche soll sollte sondern sowie über ' +
        'um und uns unser unter viel vom von vor war waren warum was weil weiter welche wenn wer werden wie wieder ' +
        'will wir wird wo wurde wurden zu zum zur zwei zwischen',
    ),
    fr: words(
      'à au aux avec ce ceci cela celle celles celui ces cet cette ceux chaque comme dans de des du donc dont ' +
        'elle elles en encore entre est et été être eux fait faire il ils je la le les leur leurs lui mais me ' +
        'même mes moi mon ne ni nos notre nous on ont ou où par pas peu peut plus pour qu que quel quelle quels ' +
        'qui sa sans se ses si son sont sous sur ta te tes toi ton tous tout toute toutes très tu un une vos ' +
        'votre vous ainsi alors aussi avant après avoir bien deux était étaient fois ici lors puis quand car ' +
        'depuis déjà selon leurs cet ceux-ci celle-ci',
    ),
  });
