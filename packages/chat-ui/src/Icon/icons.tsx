import { createIcon } from './createIcon.js';

// 24x24 outline icons drawn for the kit. Mirror-sensitive icons (arrows, send) are flipped in
// right-to-left layouts by the `.parley-icon--mirror` class where a widget needs it. Each call is
// marked pure, so a bundler drops the icons a widget does not use.
export const IconSend = /* @__PURE__ */ createIcon('Send', ['M4 12 20 4l-6 16-3-7-7-1Z', 'm11 13 9-9']);
export const IconMic = /* @__PURE__ */ createIcon('Mic', [
  'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3Z',
  'M19 11a7 7 0 0 1-14 0',
  'M12 18v3',
]);
export const IconKeyboard = /* @__PURE__ */ createIcon('Keyboard', [
  'M3 6h18v12H3Z',
  'M7 10h.01M11 10h.01M15 10h.01M7 14h10',
]);
export const IconPlus = /* @__PURE__ */ createIcon('Plus', ['M12 5v14', 'M5 12h14']);
export const IconClose = /* @__PURE__ */ createIcon('Close', ['M6 6l12 12', 'M18 6 6 18']);
export const IconCheck = /* @__PURE__ */ createIcon('Check', ['m5 12 5 5 9-10']);
export const IconChevronDown = /* @__PURE__ */ createIcon('ChevronDown', ['m6 9 6 6 6-6']);
export const IconChevronUp = /* @__PURE__ */ createIcon('ChevronUp', ['m6 15 6-6 6 6']);
export const IconChevronStart = /* @__PURE__ */ createIcon('ChevronStart', ['m15 6-6 6 6 6']);
export const IconChevronEnd = /* @__PURE__ */ createIcon('ChevronEnd', ['m9 6 6 6-6 6']);
export const IconArrowDown = /* @__PURE__ */ createIcon('ArrowDown', ['M12 5v14', 'm6 13 6 6 6-6']);
export const IconImage = /* @__PURE__ */ createIcon('Image', [
  'M4 5h16v14H4Z',
  'm4 16 5-5 4 4 2-2 5 5',
  'M15 9h.01',
]);
export const IconFile = /* @__PURE__ */ createIcon('File', ['M14 3H6v18h12V7Z', 'M14 3v4h4']);
export const IconVideo = /* @__PURE__ */ createIcon('Video', ['M3 6h12v12H3Z', 'm15 10 6-3v10l-6-3']);
export const IconAudio = /* @__PURE__ */ createIcon('Audio', [
  'M9 18V5l11-2v13',
  'M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z',
  'M20 16a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z',
]);
export const IconPlay = /* @__PURE__ */ createIcon('Play', ['M7 4v16l13-8Z']);
export const IconPause = /* @__PURE__ */ createIcon('Pause', ['M7 4h3v16H7Z', 'M14 4h3v16h-3Z']);
export const IconDownload = /* @__PURE__ */ createIcon('Download', ['M12 4v11', 'm7 10 5 5 5-5', 'M5 20h14']);
export const IconRetry = /* @__PURE__ */ createIcon('Retry', ['M4 12a8 8 0 1 0 2.3-5.6', 'M4 4v4h4']);
export const IconAlert = /* @__PURE__ */ createIcon('Alert', ['M12 3 2 20h20Z', 'M12 10v4', 'M12 17h.01']);
export const IconInfo = /* @__PURE__ */ createIcon('Info', [
  'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z',
  'M12 11v5',
  'M12 8h.01',
]);
export const IconVolume = /* @__PURE__ */ createIcon('Volume', [
  'M4 9h4l5-4v14l-5-4H4Z',
  'M16 9a4 4 0 0 1 0 6',
  'M19 6a8 8 0 0 1 0 12',
]);
export const IconVolumeOff = /* @__PURE__ */ createIcon('VolumeOff', [
  'M4 9h4l5-4v14l-5-4H4Z',
  'm17 9 5 6',
  'm22 9-5 6',
]);
export const IconThumbUp = /* @__PURE__ */ createIcon('ThumbUp', [
  'M7 11v9H4v-9Z',
  'M7 11l4-8a2 2 0 0 1 3 2l-1 5h6a2 2 0 0 1 2 2l-2 7a2 2 0 0 1-2 1H7',
]);
export const IconThumbDown = /* @__PURE__ */ createIcon('ThumbDown', [
  'M7 13V4H4v9Z',
  'M7 13l4 8a2 2 0 0 0 3-2l-1-5h6a2 2 0 0 0 2-2l-2-7a2 2 0 0 0-2-1H7',
]);
export const IconStar = /* @__PURE__ */ createIcon('Star', [
  'm12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9Z',
]);
export const IconSpinner = /* @__PURE__ */ createIcon('Spinner', ['M12 3a9 9 0 1 0 9 9']);
// An automated sender (a robot or an AI assistant): a head with an antenna, eyes and a mouth.
export const IconRobot = /* @__PURE__ */ createIcon('Robot', [
  'M7 8h10a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2Z',
  'M12 8V4',
  'M9.5 13h.01M14.5 13h.01',
  'M10 16.5h4',
  'M2 13v3M22 13v3',
]);
export const IconUser = /* @__PURE__ */ createIcon('User', [
  'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z',
  'M4 21a8 8 0 0 1 16 0',
]);
export const IconCopy = /* @__PURE__ */ createIcon('Copy', ['M9 9h11v11H9Z', 'M5 15H4V4h11v1']);
export const IconPaperclip = /* @__PURE__ */ createIcon('Paperclip', [
  'm20 11-8.5 8.5a5 5 0 0 1-7-7L13 4a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L14 7',
]);
