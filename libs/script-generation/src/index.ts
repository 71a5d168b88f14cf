// The public face of @lumcast/script-generation: only what other projects import. The lib's own
// tests import its modules directly.
export type { PreviousEpisode, ScriptRequest, SeriesContext } from './script/request';
export { HOST_PERSONA_MAX_CHARS, parseRequestedHosts } from './script/requested-hosts';
export {
  MAX_EPISODE_MINUTES,
  MIN_EPISODE_MINUTES,
  parseScriptRequest,
  scriptRequestSchema,
  SERIES_CONTEXT_MAX_CHARS,
  SERIES_ID_MAX_CHARS,
  SOURCE_TEXT_MAX_CHARS,
  TOPIC_MAX_CHARS,
} from './script/request';
export type { PodcastFormat } from './script/podcast-format';
export {
  BRIEF_MAX_MINUTES,
  DEFAULT_PODCAST_FORMAT,
  PODCAST_FORMATS,
} from './script/podcast-format';
export {
  DEFAULT_SCRIPT_LANGUAGE,
  scriptLanguageFamily,
  scriptLanguageName,
} from './script/language';
export { DEFAULT_HOSTS, episodeHosts, FORMAT_HOST_COUNTS } from './script/episode-hosts';
export type { PodcastScript, ScriptChapter } from './script/podcast-script';
export {
  countScriptWords,
  countWords,
  podcastScriptSchema,
  SCRIPT_KEY_POINT_MAX_CHARS,
  SCRIPT_KEY_POINTS_MAX,
  SCRIPT_SUMMARY_MAX_CHARS,
  SCRIPT_TITLE_MAX_CHARS,
} from './script/podcast-script';
export type { SpeechEngine } from './speech/rate';
export { acceptedWordRange, targetWords, wordsPerMinute } from './speech/rate';
export { buildScriptPrompts } from './prompts/script-prompts';
export type { ScriptWriter } from './script/writer';
export {
  BEDROCK_MODEL_ID_PATTERN,
  BedrockScriptWriter,
  DEFAULT_BEDROCK_MODEL_ID,
} from './bedrock/bedrock-script-writer';
export { OfflineScriptWriter } from './offline/offline-script-writer';
export { boundText } from './script/bound-text';
export type { SpeechChunk } from './speech/plan-speech';
export { planSpeech } from './speech/plan-speech';
export type { ScriptOutline } from './script/outline';
export { joinScriptParts, scriptOutlineSchema } from './script/outline';
export type { ScriptPartsWriter, ScriptPlan } from './script/parts';
export { scaleWordTargets } from './script/parts';

// Every error the lib throws: callers tell failures apart by class across the boundary.
export {
  ScriptGenerationError,
  ScriptInputError,
  ModelRequestError,
  ModelUnavailableError,
  ScriptOutputError,
} from './errors';
export { answerScriptTool } from './stand-in/script-answers';
