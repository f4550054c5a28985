export { Confirm, type ConfirmOptions, type ConfirmProps, useConfirm } from './Confirm.js';
