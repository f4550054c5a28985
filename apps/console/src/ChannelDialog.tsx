import {
  editableTexts,
  REPLY_TARGET_MAX_MS,
  REPLY_TARGET_MIN_MS,
  WORKING_WINDOWS_MAX,
} from '@parley/chat-protocol';
import { Checkbox, Field, Input, Radio, RadioGroup, Textarea } from '@parley/chat-ui/Form';
import { type FormEvent, useId, useMemo, useState } from 'react';
import {
  type AdminChannel,
  adminApi,
  type ChannelSettings,
  type ChannelTexts,
  type WorkingWindow,
} from './adminCalls.js';
import { ConsoleModal, DialogActions } from './ConsoleModal.js';
import { useI18n } from './i18n/I18nProvider.js';
import type { MessageKey } from './i18n/translate.js';

const MINUTE = 60_000;

/** A message a channel may show, and the switch that says whether it does. */
const MESSAGES: [mode: keyof ChannelTexts, text: keyof ChannelTexts, on: MessageKey, label: MessageKey][] = [
  ['robotWelcomeMode', 'robotWelcomeMsg', 'admin.robotWelcomeMode', 'admin.robotWelcomeMsg'],
  ['adminOfflineMode', 'adminOfflineMsg', 'admin.offlineMode', 'admin.offlineMsg'],
  ['userQueueMode', 'userQueueMsg', 'admin.queueMode', 'admin.queueMsg'],
  ['unWorkingMode', 'unWorkingMsg', 'admin.closedMode', 'admin.closedMsg'],
  ['adminCloseMode', 'adminCloseMsg', 'admin.agentClosedMode', 'admin.agentClosedMsg'],
];

type Problems = {
  replyTarget?: MessageKey;
  timeZone?: MessageKey;
  sites?: MessageKey;
  windows?: Record<number, MessageKey>;
};

/** Whether this browser knows the time zone (the list offers the usual ones; `Etc/GMT+5` counts too). */
const knownZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.trim() !== '';
  } catch {
    return false;
  }
};

const isWebAddress = (line: string) => {
  try {
    return ['https:', 'http:'].includes(new URL(line).protocol);
  } catch {
    return false;
  }
};

/** One channel's settings as a form; what the browser can check is checked before the server does. */
export function ChannelDialog({
  channel,
  onClose,
  onSaved,
}: {
  channel: AdminChannel;
  onClose: () => void;
  onSaved: (channel: AdminChannel) => void;
}) {
  const { t, locale } = useI18n();
  const [info, setInfo] = useState<ChannelTexts>(() => editableTexts(channel.settings.info));
  const [replyTarget, setReplyTarget] = useState(String(Math.round(channel.settings.replyTargetMs / MINUTE)));
  const [hoursOn, setHoursOn] = useState(channel.settings.workingHours !== null);
  const [timeZone, setTimeZone] = useState(
    channel.settings.workingHours?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
  );
  const [windows, setWindows] = useState<WorkingWindow[]>(channel.settings.workingHours?.windows ?? []);
  const [sites, setSites] = useState(channel.settings.sites.join('\n'));
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const zonesId = useId();
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  const weekdays = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
    // 7 January 2024 was a Sunday (day 0).
    return [0, 1, 2, 3, 4, 5, 6].map((day) => format.format(Date.UTC(2024, 0, 7 + day)));
  }, [locale]);

  const setText = <K extends keyof ChannelTexts>(field: K, value: ChannelTexts[K]) =>
    setInfo((current) => ({ ...current, [field]: value }));
  const changeWindow = (index: number, change: Partial<WorkingWindow>) =>
    setWindows((current) => current.map((window, n) => (n === index ? { ...window, ...change } : window)));

  const check = (): Problems => {
    const found: Problems = {};
    const minutes = Number(replyTarget);
    if (
      !Number.isInteger(minutes) ||
      minutes * MINUTE < REPLY_TARGET_MIN_MS ||
      minutes * MINUTE > REPLY_TARGET_MAX_MS
    ) {
      found.replyTarget = 'admin.replyTargetInvalid';
    }
    if (hoursOn) {
      // A time field gives HH:MM; a window kept as ending at 24:00 is shown as 23:59 until changed.
      if (!knownZone(timeZone)) found.timeZone = 'admin.timeZoneInvalid';
      windows.forEach((window, index) => {
        if (window.days.length === 0) found.windows = { ...found.windows, [index]: 'admin.daysMissing' };
        else if (!window.from || !window.to || (window.to !== '24:00' && window.to <= window.from)) {
          found.windows = { ...found.windows, [index]: 'admin.windowOrder' };
        }
      });
    }
    if (siteLines().some((line) => !isWebAddress(line))) found.sites = 'admin.sitesInvalid';
    return found;
  };
  const siteLines = () =>
    sites
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = check();
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const settings: ChannelSettings = {
      info,
      replyTargetMs: Number(replyTarget) * MINUTE,
      workingHours: hoursOn ? { timeZone, windows } : null,
      sites: siteLines(),
    };
    setBusy(true);
    try {
      onSaved(await adminApi.updateChannel(channel.id, settings));
    } catch (error) {
      setFailure(t('errors.failed', { message: error instanceof Error ? error.message : String(error) }));
      setBusy(false);
    }
  };

  const text = (field: keyof ChannelTexts) => String(info[field]);

  return (
    <ConsoleModal
      title={t('admin.editChannel', { name: channel.id })}
      className="console-admin-dialog"
      onClose={onClose}
    >
      <form className="console-form" onSubmit={submit} noValidate aria-busy={busy || undefined}>
        <Field label={t('admin.titleDesc')}>
          <Input
            dir="auto"
            value={info.titleDesc}
            maxLength={200}
            onChange={(event) => setText('titleDesc', event.target.value)}
          />
        </Field>
        <Field label={t('admin.receiveMode')}>
          <RadioGroup
            orientation="horizontal"
            value={String(info.receiveMode)}
            onValueChange={(value) => setText('receiveMode', value === '0' ? 0 : 3)}
          >
            <Radio value="0" label={t('admin.robotFirst')} />
            <Radio value="3" label={t('admin.humanFirst')} />
          </RadioGroup>
        </Field>
        <Field label={t('admin.robotName')}>
          <Input
            dir="auto"
            value={info.robotName}
            maxLength={80}
            onChange={(event) => setText('robotName', event.target.value)}
          />
        </Field>
        {MESSAGES.map(([mode, field, on, label]) => (
          <fieldset key={field} className="console-admin__choices">
            <legend className="parley-visually-hidden">{t(label)}</legend>
            <Checkbox
              label={t(on)}
              checked={info[mode] === 1}
              onCheckedChange={(checked) => setText(mode, checked ? 1 : 0)}
            />
            <Field label={t(label)} description={field === 'userQueueMsg' ? t('admin.queueHint') : undefined}>
              <Textarea
                dir="auto"
                rows={2}
                value={text(field)}
                maxLength={2000}
                onChange={(event) => setText(field, event.target.value)}
              />
            </Field>
          </fieldset>
        ))}
        <Field label={t('admin.endedMsg')}>
          <Textarea
            dir="auto"
            rows={2}
            value={info.userOverMsg}
            maxLength={2000}
            onChange={(event) => setText('userOverMsg', event.target.value)}
          />
        </Field>
        <Checkbox
          label={t('admin.ratingMode')}
          checked={info.evaluateMode === 1}
          onCheckedChange={(checked) => setText('evaluateMode', checked ? 1 : 0)}
        />
        <Field
          label={t('admin.replyTarget')}
          description={t('admin.replyTargetHint')}
          error={problems.replyTarget ? t(problems.replyTarget) : undefined}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={REPLY_TARGET_MIN_MS / MINUTE}
            max={REPLY_TARGET_MAX_MS / MINUTE}
            step={1}
            value={replyTarget}
            onChange={(event) => setReplyTarget(event.target.value)}
          />
        </Field>
        <fieldset className="console-admin__choices">
          <legend>{t('admin.hours')}</legend>
          <Checkbox label={t('admin.hoursOn')} checked={hoursOn} onCheckedChange={setHoursOn} />
          {hoursOn ? (
            <>
              <Field label={t('admin.timeZone')} error={problems.timeZone ? t(problems.timeZone) : undefined}>
                <Input
                  dir="ltr"
                  list={zonesId}
                  value={timeZone}
                  onChange={(event) => setTimeZone(event.target.value)}
                />
              </Field>
              <datalist id={zonesId}>
                {zones.map((zone) => (
                  <option key={zone} value={zone} />
                ))}
              </datalist>
              {windows.length === 0 ? <p className="console-hint">{t('admin.noWindows')}</p> : null}
              {windows.map((window, index) => (
                <fieldset
                  // biome-ignore lint/suspicious/noArrayIndexKey: windows have no id; their place is what they are
                  key={index}
                  className="console-admin__window"
                >
                  <legend>{t('admin.window', { number: index + 1 })}</legend>
                  <div className="console-admin__days">
                    {weekdays.map((name, day) => (
                      <Checkbox
                        key={name}
                        label={name}
                        checked={window.days.includes(day)}
                        onCheckedChange={(checked) =>
                          changeWindow(index, {
                            days: checked
                              ? [...window.days, day].sort((a, b) => a - b)
                              : window.days.filter((one) => one !== day),
                          })
                        }
                      />
                    ))}
                  </div>
                  <div className="console-actions">
                    <Field label={t('admin.from')}>
                      <Input
                        type="time"
                        value={window.from}
                        onChange={(event) => changeWindow(index, { from: event.target.value })}
                      />
                    </Field>
                    <Field label={t('admin.to')}>
                      <Input
                        type="time"
                        value={window.to === '24:00' ? '23:59' : window.to}
                        onChange={(event) => changeWindow(index, { to: event.target.value })}
                      />
                    </Field>
                    <button
                      className="console-button console-button--small"
                      type="button"
                      onClick={() => setWindows(windows.filter((_, n) => n !== index))}
                    >
                      {t('admin.removeWindow', { number: index + 1 })}
                    </button>
                  </div>
                  {problems.windows?.[index] ? (
                    <p className="console-error">{t(problems.windows[index])}</p>
                  ) : null}
                </fieldset>
              ))}
              {windows.length < WORKING_WINDOWS_MAX ? (
                <button
                  className="console-button console-button--small"
                  type="button"
                  onClick={() =>
                    setWindows([...windows, { days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' }])
                  }
                >
                  {t('admin.addWindow')}
                </button>
              ) : null}
            </>
          ) : null}
        </fieldset>
        <Field
          label={t('admin.sites')}
          description={t('admin.sitesHint')}
          error={problems.sites ? t(problems.sites) : undefined}
        >
          <Textarea
            dir="ltr"
            rows={3}
            value={sites}
            placeholder="https://shop.example"
            onChange={(event) => setSites(event.target.value)}
          />
        </Field>
        <DialogActions
          failure={failure}
          submitLabel={t('admin.save')}
          submitDisabled={busy}
          cancelLabel={t('admin.cancel')}
          onCancel={onClose}
        />
      </form>
    </ConsoleModal>
  );
}
