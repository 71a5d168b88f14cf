import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { BedrockScriptWriter, OfflineScriptWriter } from '@lumcast/script-generation';
import { bedrockScriptWriterFrom, scriptWriterFrom } from '../src/composition/aws-services';
import { readEnvironment, type Environment } from '../src/config/environment';
import { ConfigurationError } from '../src/errors';

function environment(scriptWriter: 'bedrock' | 'offline'): Environment {
  return readEnvironment({
    LUMCAST_USERS_TABLE: 'users',
    LUMCAST_JOBS_TABLE: 'jobs',
    LUMCAST_SERIES_TABLE: 'series',
    LUMCAST_AUDIO_BUCKET: 'audio',
    LUMCAST_SCRIPT_WRITER: scriptWriter,
    LUMCAST_SPEECH: 'polly',
  });
}

const bedrock = new BedrockRuntimeClient({ region: 'us-east-1' });

describe('bedrockScriptWriterFrom', () => {
  it('gives the Bedrock writer when the configuration asks for Bedrock', () => {
    expect(bedrockScriptWriterFrom(environment('bedrock'), bedrock)).toBeInstanceOf(
      BedrockScriptWriter,
    );
  });

  it('refuses a configuration for the offline writer with a ConfigurationError naming the variable', () => {
    const attempt = () => bedrockScriptWriterFrom(environment('offline'), bedrock);
    expect(attempt).toThrow(ConfigurationError);
    expect(attempt).toThrow(/LUMCAST_SCRIPT_WRITER is 'offline'/);
  });
});

describe('scriptWriterFrom', () => {
  it('creates no Bedrock client when the offline writer is configured', () => {
    const createClient = jest.fn(() => bedrock);
    expect(scriptWriterFrom(environment('offline'), createClient)).toBeInstanceOf(
      OfflineScriptWriter,
    );
    expect(createClient).not.toHaveBeenCalled();
  });

  it('creates the Bedrock client once when Bedrock is configured', () => {
    const createClient = jest.fn(() => bedrock);
    expect(scriptWriterFrom(environment('bedrock'), createClient)).toBeInstanceOf(
      BedrockScriptWriter,
    );
    expect(createClient).toHaveBeenCalledTimes(1);
  });
});

describe('readEnvironment errors', () => {
  it('are ConfigurationErrors, so a cold start names a configuration problem as one', () => {
    expect(() => readEnvironment({})).toThrow(ConfigurationError);
  });
});
