import { ScriptInputError } from '../../src/errors';
import { parseScriptRequest } from '../../src/script/request';

/** The `ScriptInputError` that `parseScriptRequest` throws for `input` (fails the test if none). */
export function requestRefusal(input: unknown): ScriptInputError {
  try {
    parseScriptRequest(input);
  } catch (error) {
    if (error instanceof ScriptInputError) return error;
    throw error;
  }
  throw new Error('expected a ScriptInputError');
}
