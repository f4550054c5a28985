export { Popup, type PopupProps } from './Popup.js';
