export {
  type Direction,
  directionOf,
  type KitLocale,
  kitLocales,
  LocaleProvider,
  type LocaleProviderProps,
  type LocaleValue,
  type MessageKey,
  type Messages,
  type PluralKey,
  useLocale,
} from './LocaleProvider.js';
