import { lazy } from 'react';

// Loaded on first use, so a page that only ever types never downloads it.
export const loadRecorder = () => import('../Recorder/Recorder.js');
export const Recorder = lazy(() => loadRecorder().then((module) => ({ default: module.Recorder })));
