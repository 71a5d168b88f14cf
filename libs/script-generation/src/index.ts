// The public face of @lumcast/script-generation: every export is named here.
export {
  ScriptGenerationError,
  ScriptInputError,
  ModelRequestError,
  ModelUnavailableError,
  ScriptOutputError,
} from './errors';
export type { PreviousEpisode, ScriptRequest, SeriesContext } from './script-request';
export {
  BRIEF_MAX_MINUTES,
  DEFAULT_PODCAST_FORMAT,
  PODCAST_FORMATS,
  formatRule,
} from './podcast-format';
export type { PodcastFormat } from './podcast-format';
export type { ScriptLanguageFamily } from './script-language';
export {
  DEFAULT_SCRIPT_LANGUAGE,
  LANGUAGE_TAG_PATTERN,
  SCRIPT_LANGUAGE_NAMES,
  requestLanguageFamily,
  scriptLanguageFamily,
  scriptLanguageName,
} from './script-language';
export type { HostIndex } from './episode-hosts';
export {
  DEFAULT_HOSTS,
  FORMAT_HOST_COUNTS,
  SCRIPT_HOSTS_MAX,
  episodeHosts,
  notAHostMessage,
} from './episode-hosts';
export {
  MAX_EPISODE_MINUTES,
  MIN_EPISODE_MINUTES,
  SERIES_CONTEXT_MAX_CHARS,
  SERIES_ID_MAX_CHARS,
  SOURCE_TEXT_MAX_CHARS,
  TOPIC_MAX_CHARS,
  parseScriptRequest,
  scriptRequestSchema,
} from './script-request';
export type {
  PodcastScript,
  ScriptChapter,
  ScriptSegment,
  ScriptValidation,
} from './podcast-script';
export {
  SCRIPT_HOST_NAME_MAX_CHARS,
  SCRIPT_KEY_POINT_MAX_CHARS,
  SCRIPT_KEY_POINTS_MAX,
  SCRIPT_SUMMARY_MAX_CHARS,
  SCRIPT_TITLE_MAX_CHARS,
  countScriptWords,
  countWords,
  podcastScriptSchema,
  validatePodcastScript,
} from './podcast-script';
export type { SpeechEngine } from './speech-rate';
export {
  LENGTH_TOLERANCE,
  SPEECH_FILL,
  SPEECH_RATES,
  acceptedWordRange,
  targetWords,
  wordsPerMinute,
} from './speech-rate';
export type { ScriptPrompts } from './prompts';
export {
  SCRIPT_TOOL_INPUT_SCHEMA,
  SCRIPT_TOOL_NAME,
  buildRepairPrompt,
  buildRevisionPrompt,
  buildScriptPrompts,
} from './prompts';
export type { ScriptWriter } from './script-writer';
export type { BedrockScriptWriterOptions } from './bedrock-script-writer';
export {
  BedrockScriptWriter,
  DEFAULT_BEDROCK_MODEL_ID,
  RETRYABLE_BEDROCK_ERRORS,
} from './bedrock-script-writer';
export type { OfflineScriptWriterOptions } from './offline-script-writer';
export { OfflineScriptWriter } from './offline-script-writer';
export { DEFAULT_SPEECH_CHUNK_CHARS, chunkForSpeech } from './chunk-for-speech';
export { boundText } from './bound-text';
export type { SpeechChunk } from './plan-speech';
export { planSpeech } from './plan-speech';
export type { PlannedChapter, ScriptOutline } from './script-outline';
export {
  OUTLINE_BRIEF_MAX_CHARS,
  OUTLINE_CHAPTERS_MAX,
  joinScriptParts,
  scriptOutlineSchema,
} from './script-outline';
export type { ScriptPartsWriter, ScriptPlan } from './script-parts';
export {
  CHAPTER_MAX_WORDS,
  WHOLE_SCRIPT_MAX_WORDS,
  chapterCountRange,
  needsScriptParts,
  scaleWordTargets,
} from './script-parts';
export type { OutlinePrompts } from './outline-prompts';
export {
  OUTLINE_TOOL_INPUT_SCHEMA,
  OUTLINE_TOOL_NAME,
  buildOutlinePrompts,
  buildOutlineRepairPrompt,
} from './outline-prompts';
export type { ChapterPrompts } from './chapter-prompts';
export {
  CHAPTER_TOOL_INPUT_SCHEMA,
  CHAPTER_TOOL_NAME,
  buildChapterPrompts,
  buildChapterRepairPrompt,
  buildChapterRevisionPrompt,
} from './chapter-prompts';
export type { ChapterValidation } from './written-chapter';
export { validateWrittenChapter } from './written-chapter';
export { TRANSIENT_NETWORK_CODES, isTransientNetworkError } from './transient-errors';
