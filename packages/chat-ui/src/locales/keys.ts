/**
 * Every string key of the kit. Each locale file (en-US.json, zh-CN.json, fr-FR.json, ar-EG.json)
 * has exactly these keys; a test keeps them complete. Plural keys end in `.one`, `.other`, ... as
 * Intl.PluralRules names the forms.
 */
export const messageKeys = [
  'toast.info',
  'toast.success',
  'toast.error',
  'toast.loading',
  'toast.dismiss',
  'dialog.close',
  'confirm.confirm',
  'confirm.cancel',
  'navbar.back',
  'navbar.sound',
  'form.required',
  'starRating.label',
  'starRating.star',
  'chat.label',
  'link.newTab',
  'fileCard.download',
  'rateActions.label',
  'rateActions.up',
  'rateActions.down',
  'rateActions.thanks',
  'image.open',
  'image.preview',
  'image.broken',
  'audio.play',
  'audio.progress',
  'video.label',
  'quickReplies.label',
  'quickReplies.new',
  'composer.label',
  'composer.placeholder',
  'composer.send',
  'composer.voice',
  'composer.more',
  'composer.attach',
  'composer.counter',
  'composer.drop',
  'composer.photoTitle',
  'composer.photoAlt',
  'composer.photoCancel',
  'composer.photoSend',
  'recorder.hold',
  'recorder.release',
  'recorder.willCancel',
  'recorder.keyboardHint',
  'recorder.level',
  'recorder.denied',
  'recorder.unavailable',
  'recorder.failed',
] as const;

export type MessageKey = (typeof messageKeys)[number];
export type Messages = Record<MessageKey, string>;
/** A key that has plural forms in the locale files. */
export type PluralKey = {
  [K in MessageKey]: K extends `${infer Base}.other` ? Base : never;
}[MessageKey];
