import { useI18n } from './i18n/I18nProvider.js';
import {
  directionOf,
  isLanguage,
  LANGUAGE_NAMES,
  languageTag,
  SUPPORTED_LANGUAGES,
} from './i18n/languages.js';

/** The console's language, each named in its own language; the choice is remembered in this browser. */
export function LanguagePicker() {
  const { language, t, choose } = useI18n();
  return (
    <label className="console-language">
      <span className="console-language__label">{t('language.label')}</span>
      <select
        className="console-language__select"
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) choose(event.target.value);
        }}
      >
        {SUPPORTED_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={languageTag(code)} dir={directionOf(code)}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
