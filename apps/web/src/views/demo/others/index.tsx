import { useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Header, Label, Segment } from 'semantic-ui-react';
import { ApiPath, type OperationLogRow } from '@schoolflow/contracts';
import { AreaPicker } from '../../../components/widgets/area-picker.js';
import { CheckboxGroup, type CheckboxOption } from '../../../components/widgets/checkbox-group.js';
import { DataTable, type DataColumn } from '../../../components/widgets/data-table.js';
import { FileUpload } from '../../../components/widgets/file-upload.js';
import { FormRow, SWITCH_OFF, SWITCH_ON } from '../../../components/widgets/form-defaults.js';
import { PeoplePicker, type PickerItem } from '../../../components/widgets/people-picker.js';
import { SignaturePad, type SignaturePadHandle } from '../../../components/widgets/signature-pad.js';
import { useT, webMessages } from '../../../i18n/use-t.js';
import type { ViewProps } from '../../../router/view-props.js';
import { formatDateTime } from '../../../util/date.js';

/** The demo's one form: each widget bound to a field, as a real form binds it. */
interface DemoValues {
  files: string[];
  picked: PickerItem[];
  singlePicked: PickerItem[];
  area: string;
  /** The chosen area's names, top down, as the picker reports them beside its code. */
  areaNames: string;
  subjects: string[];
  notify: string[];
  signature: string | null;
}

const DEMO_DEFAULTS: DemoValues = { files: [], picked: [], singlePicked: [], area: '', areaNames: '', subjects: ['1'], notify: [], signature: null };

/** 'Widgets' demo page (demo/others): each shared widget with sample props. */
export default function WidgetsDemoView({ active }: ViewProps) {
  const { t, lang } = useT();
  // No resolver: the demo never submits; each widget enforces its own limits (count, size, min/max), which is what it shows.
  const { control, setValue } = useForm<DemoValues>({ defaultValues: DEMO_DEFAULTS });
  const [files, picked, singlePicked, area, areaNames, subjects, notify, signature] = useWatch({ control, name: ['files', 'picked', 'singlePicked', 'area', 'areaNames', 'subjects', 'notify', 'signature'] });
  // the upload widget's own busy flag, reported up (its requests are the widget's, not this page's)
  const [uploading, setUploading] = useState(false);
  const pad = useRef<SignaturePadHandle>(null);

  const subjectOptions = useMemo<CheckboxOption[]>(() => t('widgets.demo.sampleOptions').split(',').map((mc, i) => ({ mc, wid: String(i + 1) })), [t]);
  const notifyOptions = useMemo<CheckboxOption[]>(() => [{ mc: t('widgets.demo.notify'), wid: SWITCH_ON, trueLabel: `${t('widgets.demo.notify')}: ${t('widgets.demo.yes')}`, falseLabel: `${t('widgets.demo.notify')}: ${t('widgets.demo.no')}` }], [t]);

  const actions: Record<string, string> = webMessages(lang).logs.actions;
  const results: Record<string, string> = webMessages(lang).logs.results;
  const columns: DataColumn<OperationLogRow>[] = [
    { key: 'at', title: t('widgets.demo.colTime'), sortable: true, render: (r) => formatDateTime(r.at) },
    { key: 'account', title: t('widgets.demo.colAccount'), sortable: true },
    { key: 'action', title: t('widgets.demo.colAction'), render: (r) => actions[r.action] ?? r.action },
    { key: 'result', title: t('widgets.demo.colResult'), render: (r) => <Label size="mini">{results[r.result] ?? r.result}</Label> },
    { key: 'ip', title: t('widgets.demo.colIp') },
  ];

  const value = (v: string) => (
    <div className="sf-demo-value">
      {t('widgets.demo.value')}: {v || '—'}
    </div>
  );

  return (
    <div className="sf-widget-demo" data-testid="widgets-demo">
      <Header as="h3">{t('widgets.demo.title')}</Header>
      <Segment className="sf-demo-section" data-testid="demo-file-upload">
        <Header as="h4">{t('widgets.demo.fileUpload')}</Header>
        <Controller control={control} name="files" render={({ field }) => <FileUpload value={field.value} onChange={(ids) => field.onChange(ids)} types=".pdf,.png,.jpg,.xlsx" maxSizeKb={1024} limit={3} onUploading={setUploading} />} />
        <div className="sf-demo-value" data-testid="demo-file-value" data-uploading={uploading ? '1' : '0'}>
          {t('widgets.demo.fileValue')}: {files.join(', ') || '—'}
        </div>
      </Segment>
      <Segment className="sf-demo-section">
        <Header as="h4">{t('widgets.demo.peoplePicker')}</Header>
        <Controller control={control} name="picked" render={({ field }) => <PeoplePicker value={field.value} onChange={field.onChange} multipleLimit={2} maxCollapse={1} />} />
        {value(picked.map((p) => `${p.TYPE}:${p.CODE}`).join(', '))}
        <Header as="h4">{t('widgets.demo.singlePicker')}</Header>
        <Controller control={control} name="singlePicked" render={({ field }) => <PeoplePicker value={field.value} onChange={field.onChange} single testId="people-picker-single" />} />
        {value(singlePicked.map((p) => `${p.TYPE}:${p.CODE}`).join(', '))}
      </Segment>
      <Segment className="sf-demo-section">
        <Header as="h4">{t('widgets.demo.areaPicker')}</Header>
        <AreaPicker
          value={area}
          levels={3}
          onChange={(code, chain) => {
            setValue('area', code);
            setValue('areaNames', chain.map((n) => n.NAME).join(' / '));
          }}
        />
        <div className="sf-demo-value" data-testid="demo-area-value">
          {t('widgets.demo.areaValue')}: {area || '—'} {areaNames}
        </div>
      </Segment>
      <Segment className="sf-demo-section">
        <Header as="h4">{t('widgets.demo.checkboxGroup')}</Header>
        <FormRow label={t('widgets.demo.subjects')} testId="demo-form-row">
          <Controller control={control} name="subjects" render={({ field }) => <CheckboxGroup options={subjectOptions} value={field.value} onChange={field.onChange} min={1} max={3} />} />
        </FormRow>
        <FormRow label={t('widgets.demo.checkboxButtons')}>
          <Controller control={control} name="notify" render={({ field }) => <CheckboxGroup options={notifyOptions} value={field.value} onChange={field.onChange} buttons testId="checkbox-buttons" />} />
        </FormRow>
        {value(`${subjects.join(',')} | ${notify.includes(SWITCH_ON) ? SWITCH_ON : SWITCH_OFF}`)}
      </Segment>
      <Segment className="sf-demo-section">
        <Header as="h4">{t('widgets.demo.signature')}</Header>
        <SignaturePad ref={pad} onGenerate={(image) => setValue('signature', image)} />
        {signature ? (
          <div className="sf-signature-result" data-testid="signature-result">
            <img src={signature} alt={t('widgets.signature.result')} />
          </div>
        ) : null}
      </Segment>
      <Segment className="sf-demo-section">
        <Header as="h4">{t('widgets.demo.dataTable')}</Header>
        <DataTable<OperationLogRow> url={ApiPath.operationLogs} columns={columns} rowKey={(r) => r.id} active={active} exportName="operation-log" />
      </Segment>
    </div>
  );
}
