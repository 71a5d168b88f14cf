/**
 * What a user is told when an episode fails: one stable sentence per kind of
 * failure, never the error's own text. A Step Functions error's `Cause` can
 * carry SDK messages, ARNs, account ids or file paths; those go to the log
 * only (the callback logs the raw error next to the kind it chose).
 */

/** The kinds of failure a user is told apart. */
export type FailureKind =
  | 'speech_throttled'
  | 'speech_failed'
  | 'script_failed'
  | 'source_unreadable'
  | 'source_file_unreadable'
  | 'assembly_failed'
  | 'timed_out'
  | 'aborted'
  | 'not_started'
  | 'generic';

/**
 * The sentence shown to the user for each {@link FailureKind}. Each says that
 * nothing was charged: a failed job is always released, never charged.
 */
export const FAILURE_MESSAGES: Readonly<Record<FailureKind, string>> = Object.freeze({
  speech_throttled:
    'The speech service was too busy to voice this episode; nothing was charged. Please try again in a few minutes.',
  speech_failed: 'The voices of this episode could not be generated; nothing was charged.',
  script_failed: 'The script of this episode could not be written; nothing was charged.',
  source_unreadable:
    'The source link could not be read as text; nothing was charged. Use a public web page, PDF or text file under 10 MB, or paste the text instead.',
  source_file_unreadable:
    'The uploaded source file could not be read as text; nothing was charged. Upload a PDF, HTML, Markdown or plain-text file under 10 MB that has text in it (within 15 minutes of asking to upload it), or paste the text instead.',
  assembly_failed: 'The audio of this episode could not be put together; nothing was charged.',
  timed_out: 'The episode took too long to make and was stopped; nothing was charged.',
  aborted: 'The episode was stopped before it was finished; nothing was charged.',
  not_started:
    'The episode could not be started after several tries; nothing was charged. Please try again later.',
  generic: 'The episode could not be produced; nothing was charged.',
});

/** A Step Functions error as a Catch or an execution-status event reports it. */
export interface StepFailure {
  Error?: string;
  Cause?: string;
}

const KIND_BY_ERROR: Readonly<Record<string, FailureKind>> = {
  SpeechThrottledError: 'speech_throttled',
  SpeechEngineError: 'speech_failed',
  SpeechServiceUnavailableError: 'speech_failed',
  SpeechRequestRejectedError: 'speech_failed',
  ScriptGenerationError: 'script_failed',
  ScriptInputError: 'script_failed',
  ScriptOutputError: 'script_failed',
  ModelRequestError: 'script_failed',
  ModelUnavailableError: 'script_failed',
  SourceLinkError: 'source_unreadable',
  SourceFileError: 'source_file_unreadable',
  AudioAssemblyError: 'assembly_failed',
  AudioFormatError: 'assembly_failed',
  InvalidAudioOptionsError: 'assembly_failed',
  'States.Timeout': 'timed_out',
  'States.ExecutionTimedOut': 'timed_out',
  'Sandbox.Timedout': 'timed_out',
  'States.ExecutionAborted': 'aborted',
};

/** Error names that only say "a task failed": the Lambda's own error type is in the Cause. */
const WRAPPER_ERRORS = new Set(['States.TaskFailed', 'Lambda.Unknown', 'Error']);

/**
 * The kind of a reported failure, from its error name (or, for a wrapper such as
 * `States.TaskFailed`, from the Lambda error type in its JSON `Cause`).
 */
export function failureKindOf(error: StepFailure | undefined): FailureKind {
  const name = error?.Error ?? '';
  const direct = Object.hasOwn(KIND_BY_ERROR, name) ? KIND_BY_ERROR[name] : undefined;
  if (direct) return direct;
  if (WRAPPER_ERRORS.has(name)) {
    const inner = lambdaErrorType(error?.Cause);
    if (inner && Object.hasOwn(KIND_BY_ERROR, inner)) return KIND_BY_ERROR[inner] ?? 'generic';
  }
  return 'generic';
}

/** The stable sentence a user sees for a reported failure (see {@link FAILURE_MESSAGES}). */
export function userFailureMessage(error: StepFailure | undefined): string {
  return FAILURE_MESSAGES[failureKindOf(error)];
}

function lambdaErrorType(cause: string | undefined): string | undefined {
  if (!cause) return undefined;
  try {
    const parsed = JSON.parse(cause) as { errorType?: unknown };
    return typeof parsed.errorType === 'string' ? parsed.errorType : undefined;
  } catch {
    return undefined;
  }
}
