export { Modal, type ModalContentProps, type ModalProps, type ModalRootProps } from './Modal.js';
