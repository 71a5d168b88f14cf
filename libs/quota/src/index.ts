export type { VoiceQuality } from './voice-quality';
export { SLOTS_PER_MINUTE, VOICE_QUALITIES, isVoiceQuality } from './voice-quality';
