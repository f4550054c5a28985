export { Toaster, type ToasterProps, useToasts } from './Toast.js';
export {
  createToastStore,
  TOAST_DEFAULT_DURATION,
  type ToastHandle,
  type ToastItem,
  type ToastOptions,
  type ToastSnapshot,
  type ToastStore,
  type ToastTimers,
  type ToastType,
  toast,
} from './toastStore.js';
