import { zodResolver } from '@hookform/resolvers/zod';
import { DORMITORY_LIMITS, FLOW_PICTURE_MAX_BYTES, FLOW_PICTURE_TYPES, inspectionInputSchema, type InspectionValues } from '@schoolflow/contracts';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Button, Form, Segment } from 'semantic-ui-react';
import type { FileRef, UploadRules } from '../api/file-api.js';
import { errorMessage } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import { PictureUpload } from '../components/picture-upload.js';
import { RefSelect } from '../resources/ref-select.js';
import { fieldMessage, firstMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { useDormitoriesT } from './use-dormitories-t.js';
import { useRecordInspection } from './use-inspections.js';

const PHOTOS: UploadRules = { maxSizeKb: FLOW_PICTURE_MAX_BYTES / 1024, types: FLOW_PICTURE_TYPES, limit: DORMITORY_LIMITS.photos };

interface Draft {
  roomId: string;
  inspectedOn: string;
  score: string;
  remark: string;
  photos: FileRef[];
}
type Field = keyof Draft;

const schemaResolver = zodResolver(inspectionInputSchema);
/** The shared schema on the draft: the score as a number, the photos as their ids. */
const resolver: Resolver<Draft, unknown, InspectionValues> = async (values, context, options) => {
  const body = { ...values, score: values.score.trim() === '' ? undefined : Number(values.score), photos: values.photos.map((p) => p.resId) };
  const parsed = await schemaResolver(body as never, context, options as never);
  const errors: FieldErrors<Draft> = {};
  for (const [field, error] of Object.entries(parsed.errors) as [Field, unknown][]) {
    const message = firstMessage(error);
    if (message) errors[field] = { type: 'validate', message };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values: parsed.values as InspectionValues, errors: {} };
};

/** 新增检查: a room, the day, a score 0–100, a remark and up to four photos — the contract's schema here and on the server. */
export function InspectionForm({ today, onDone }: { today: string; onDone: () => void }) {
  const { d } = useDormitoriesT();
  const record = useRecordInspection();
  const { register, control, handleSubmit, formState } = useForm<Draft, unknown, InspectionValues>({ defaultValues: { roomId: '', inspectedOn: today, score: '', remark: '', photos: [] }, resolver });
  const err = (field: Field) => fieldMessage(formState.errors[field]);
  const save = handleSubmit(async (body) => {
    try {
      const res = await record.mutateAsync(body);
      toast.success(res.msg || d('results.inspected'));
      onDone();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  return (
    <Segment data-testid="dorm-inspection-form">
      <Form onSubmit={() => void save()}>
        <Form.Group widths="equal">
          <Form.Field required error={Boolean(err('roomId'))}>
            <label>{d('fields.room')}</label>
            <Controller control={control} name="roomId" render={({ field }) => <RefSelect source="dormitory-rooms" value={field.value} onValue={(v) => field.onChange(v ?? '')} testId="dorm-inspection-room" emptyText={d('validation.roomRequired')} alwaysSearch />} />
            <FieldError testId="dorm-inspection-room" error={err('roomId')} />
          </Form.Field>
          <Form.Field required error={Boolean(err('inspectedOn'))}>
            <label htmlFor="dorm-inspection-date">{d('fields.inspectedOn')}</label>
            <input id="dorm-inspection-date" type="date" data-testid="dorm-inspection-date" {...register('inspectedOn')} />
            <FieldError testId="dorm-inspection-date" error={err('inspectedOn')} />
          </Form.Field>
          <Form.Field required error={Boolean(err('score'))}>
            <label htmlFor="dorm-inspection-score">{d('fields.score')}</label>
            <input id="dorm-inspection-score" inputMode="numeric" data-testid="dorm-inspection-score" {...register('score')} />
            <FieldError testId="dorm-inspection-score" error={err('score')} />
          </Form.Field>
        </Form.Group>
        <Form.Field error={Boolean(err('remark'))}>
          <label htmlFor="dorm-inspection-remark">{d('fields.remark')}</label>
          <textarea id="dorm-inspection-remark" rows={2} data-testid="dorm-inspection-remark" {...register('remark')} />
          <FieldError testId="dorm-inspection-remark" error={err('remark')} />
        </Form.Field>
        <Form.Field error={Boolean(err('photos'))}>
          <label>{d('fields.photos')}</label>
          <Controller control={control} name="photos" render={({ field }) => <PictureUpload value={field.value} onChange={field.onChange} rules={PHOTOS} testId="dorm-inspection-photos" />} />
          <FieldError testId="dorm-inspection-photos" error={err('photos')} />
        </Form.Field>
        <Button type="submit" primary size="small" loading={formState.isSubmitting} content={d('actions.save')} data-testid="dorm-inspection-save" />
        <Button type="button" size="small" content={d('actions.cancel')} onClick={onDone} />
      </Form>
    </Segment>
  );
}
