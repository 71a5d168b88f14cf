import { OFFLINE_COPY_EN } from './offline-copy-en';
import type { OfflineLanguageCopy } from './offline-language-copy';

export const OFFLINE_COPY_FR: OfflineLanguageCopy = OFFLINE_COPY_EN;
