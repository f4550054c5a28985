import { Suspense } from 'react';
import { IconMic } from '../Icon/icons.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import type { RecorderProps } from '../Recorder/Recorder.js';
import { useComposerActions, useComposerStatus } from './context.js';
import { Recorder } from './recorder.js';

export type ComposerVoiceProps = Omit<RecorderProps, 'onSend'>;

/** The hold-to-talk Recorder, shown in voice mode; sends through the Root's `onSendVoice`. */
export function ComposerVoice(props: ComposerVoiceProps) {
  const { mode } = useComposerStatus('Voice');
  const { onSendVoice, disabled } = useComposerActions('Voice');
  const { t } = useLocale();
  if (mode !== 'voice') return null;
  // While the recorder downloads: its button, inert, so nothing moves when it arrives.
  const loading = (
    <div data-slot="recorder" className="parley-recorder" data-state="inited" aria-busy="true">
      <button type="button" className="parley-recorder__button" disabled>
        <IconMic />
        <span className="parley-recorder__label">{t('recorder.hold')}</span>
      </button>
    </div>
  );
  return (
    <Suspense fallback={loading}>
      <Recorder disabled={disabled} {...props} onSend={onSendVoice} />
    </Suspense>
  );
}
