/** asl-validator 4 ships no types; this is the part the tests use (dist/src/validator.js). */
declare module 'asl-validator' {
  interface AslValidationResult {
    isValid: boolean;
    errors: { message?: string; 'Error code'?: string; path?: string }[];
  }
  function validator(
    definition: unknown,
    options?: { checkPaths?: boolean; checkArn?: boolean },
  ): AslValidationResult;
  export = validator;
}
