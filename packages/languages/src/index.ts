export {
  DEFAULT_LANGUAGE,
  directionOf,
  isLanguage,
  LANGUAGE_NAMES,
  type Language,
  languageTag,
  resolveLanguage,
  SUPPORTED_LANGUAGES,
} from './languages.js';
