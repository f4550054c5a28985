export { WAV_MIME_TYPE, WAV_SAMPLE_RATE } from './capture.js';
export { Recorder, type RecorderProps, RecorderView, type RecorderViewProps } from './Recorder.js';
export {
  RECORDER_CANCEL_DISTANCE,
  type RecorderError,
  type RecorderState,
  type Recording,
  type UseRecorderOptions,
  type UseRecorderResult,
  useRecorder,
} from './useRecorder.js';
