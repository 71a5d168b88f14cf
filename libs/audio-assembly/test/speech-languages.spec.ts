import { execFileSync } from 'node:child_process';
import { dirname } from 'node:path';
import { InvalidAudioOptionsError } from '../src/errors';
import { LOCAL_ENGINE_LANGUAGES, SPEECH_LANGUAGES, speechLanguage } from '../src/speech-languages';
import { LocalSynthesizer } from '../src/local/local-synthesizer';
import { POLLY_CHILD_VOICES, POLLY_QUALITY_ENGINES, hostVoicesFor } from '../src/polly/host-voices';
import { POLLY_VOICES_BY_ENGINE, type PollyLanguage } from '../src/polly/voices';
import { localVoice, localVoiceId } from '../src/local/voices';
import { mp3Info } from '../src/mp3/info';
import { ffmpegDecode, requireFfmpeg } from './fixtures';

jest.setTimeout(120_000);

/** The language codes espeak-ng itself lists with `--voices`, asked of the real engine in a child process. */
function espeakLanguages(): Set<string> {
  const script = `import(process.argv[1]).then(async ({ default: ESpeakNg }) => {
    const lines = [];
    await ESpeakNg({ arguments: ['--voices'], print: (line) => lines.push(line), printErr: () => {} });
    console.log(lines.slice(1).map((line) => line.trim().split(/\\s+/)[1]).join('\\n'));
  });`;
  const modulePath = require.resolve('espeak-ng');
  const output = execFileSync(process.execPath, ['-e', script, modulePath], {
    cwd: dirname(modulePath),
    encoding: 'utf8',
  });
  return new Set(output.split('\n').filter(Boolean));
}

describe('LOCAL_ENGINE_LANGUAGES', () => {
  it('names only voices that espeak-ng lists', () => {
    const listed = espeakLanguages();
    expect(listed.size).toBeGreaterThan(100);
    for (const espeak of Object.values(LOCAL_ENGINE_LANGUAGES)) expect(listed).toContain(espeak);
    expect(listed).not.toContain('en-au');
  });

  describe('spoken by the real engine', () => {
    const local = new LocalSynthesizer();
    beforeAll(requireFfmpeg);
    afterAll(() => local.close());

    it('speaks each host in Spanish, German and French as MP3 that ffmpeg decodes', async () => {
      for (const [language, text] of [
        ['es-MX', 'Hola y bienvenidos.'],
        ['de-DE', 'Hallo und willkommen.'],
        ['fr-FR', 'Bonjour et bienvenue.'],
      ] as const) {
        for (const host of [0, 1, 2] as const) {
          const mp3 = await local.synthesize({
            text,
            voice: local.voiceForHost(host, 'neural', language),
            quality: 'neural',
          });
          expect(mp3Info(mp3).durationSeconds).toBeGreaterThan(0.3);
          expect(ffmpegDecode(mp3).errors).toBe('');
        }
      }
    });

    it('speaks the same words differently in two languages', async () => {
      const say = (language: string) =>
        local.synthesize({ text: 'Paris', voice: localVoiceId(0, language), quality: 'standard' });
      const [english, french] = await Promise.all([say('en-US'), say('fr-FR')]);
      expect(Buffer.from(english).equals(Buffer.from(french))).toBe(false);
    });
  });
});

describe('localVoiceId and localVoice', () => {
  it('keeps the en-US ids and marks every other language after an @', () => {
    expect([0, 1, 2].map((host) => localVoiceId(host as 0 | 1 | 2))).toEqual([
      'local-host-a',
      'local-host-b',
      'local-host-c',
    ]);
    expect(localVoiceId(1, 'es-MX')).toBe('local-host-b@es-MX');
  });

  it('speaks a host’s variant, pitch and speed in the id’s language', () => {
    expect(localVoice('local-host-b@de-DE')).toEqual({
      ...localVoice('local-host-b'),
      espeakVoice: 'de+f3',
    });
    expect(localVoice('local-host-a@es-US').espeakVoice).toBe('es-419+m3');
  });

  it('refuses a language the local engine does not speak, and an unknown voice', () => {
    expect(() => localVoiceId(0, 'en-AU')).toThrow(/does not speak "en-AU"/);
    expect(() => localVoice('local-host-a@xx-YY')).toThrow(InvalidAudioOptionsError);
    expect(() => localVoice('local-host-z')).toThrow(InvalidAudioOptionsError);
    expect(() => localVoice('local-host-a@de-DE@fr-FR')).toThrow(InvalidAudioOptionsError);
  });
});

describe('SPEECH_LANGUAGES', () => {
  it('is every Polly language the local engine speaks, sorted by code', () => {
    const codes = SPEECH_LANGUAGES.map((entry) => entry.language);
    expect(codes).toEqual([...codes].sort());
    expect(new Set(codes)).toEqual(
      new Set(
        Object.keys(LOCAL_ENGINE_LANGUAGES).filter((code) =>
          Object.values(POLLY_VOICES_BY_ENGINE).some(
            (byLanguage) => byLanguage[code as PollyLanguage],
          ),
        ),
      ),
    );
    expect(codes).toEqual(expect.arrayContaining(['de-DE', 'en-GB', 'en-US', 'es-MX', 'fr-FR']));
    expect(codes).not.toContain('en-AU');
  });

  it('lists a quality only where Polly has a voice, with at most three adult voices of that engine and language', () => {
    for (const { language, voices } of SPEECH_LANGUAGES) {
      for (const [quality, list] of Object.entries(voices)) {
        const engine = POLLY_QUALITY_ENGINES[quality as keyof typeof POLLY_QUALITY_ENGINES];
        expect(list.length).toBeGreaterThanOrEqual(1);
        expect(list.length).toBeLessThanOrEqual(3);
        expect(new Set(list).size).toBe(list.length);
        for (const voice of list) {
          expect(POLLY_VOICES_BY_ENGINE[engine][language]).toContain(voice);
          expect(POLLY_CHILD_VOICES.has(voice)).toBe(false);
        }
      }
    }
  });

  it('knows which qualities a language lacks', () => {
    expect(speechLanguage('fr-BE')?.voices).toEqual({
      neural: ['Isabelle'],
      generative: ['Isabelle'],
    });
    expect(speechLanguage('es-MX')?.voices.standard).toEqual(['Mia']);
    expect(speechLanguage('en-US')?.voices).toEqual(hostVoicesFor('en-US'));
    expect(speechLanguage('en-AU')).toBeUndefined();
    expect(speechLanguage('en-us')).toBeUndefined();
  });

  it('starts with the chosen male and female pair, then the next voice', () => {
    expect(hostVoicesFor('de-DE')).toEqual({
      standard: ['Hans', 'Vicki', 'Marlene'],
      neural: ['Daniel', 'Vicki'],
      generative: ['Daniel', 'Vicki', 'Lennart'],
    });
    expect(hostVoicesFor('fr-FR').generative).toEqual(['Remi', 'Lea', 'Ambre']);
  });
});
