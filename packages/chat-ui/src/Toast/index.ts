export { Toaster, type ToasterProps, useToasts } from './Toast.js';
export {
  createToastStore,
  TOAST_MIN_DURATION,
  type ToastHandle,
  type ToastItem,
  type ToastOptions,
  type ToastSnapshot,
  type ToastStore,
  type ToastTimers,
  type ToastType,
  toast,
  toastReadingTime,
} from './toastStore.js';
