import { synthContext } from '../synth-context';

describe('the context npm start synthesizes the app with', () => {
  it.each([
    [{}, []],
    [{ LUMCAST_BEDROCK_MODEL_ID: '' }, []],
    [
      { LUMCAST_BEDROCK_MODEL_ID: 'anthropic.claude-3-haiku-20240307-v1:0' },
      ['--context', 'bedrockModelId=anthropic.claude-3-haiku-20240307-v1:0'],
    ],
    [
      { LUMCAST_BEDROCK_MODEL_ID: ' eu.anthropic.claude-sonnet-4-v1:0 ' },
      ['--context', 'bedrockModelId=eu.anthropic.claude-sonnet-4-v1:0'],
    ],
  ])('for %j is %j', (environment, expected) => {
    expect(synthContext(environment)).toEqual(expected);
  });

  it.each(['bad id!', 'x', 'model;rm -rf /'])('refuses %j, naming the variable', (model) => {
    expect(() => synthContext({ LUMCAST_BEDROCK_MODEL_ID: model })).toThrow(
      /^LUMCAST_BEDROCK_MODEL_ID: .* is not a Bedrock model or inference profile id$/,
    );
  });
});
