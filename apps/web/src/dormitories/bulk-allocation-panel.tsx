import { zodResolver } from '@hookform/resolvers/zod';
import { type BulkAllocationInput, type BulkAllocationPlan, bulkAllocationSchema, GENDERS, GRADES, type ResourceRecord } from '@schoolflow/contracts';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button, Checkbox, Form, Message, Segment, Table } from 'semantic-ui-react';
import { errorMessage } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import { kitText } from '../resources/resource-format.js';
import { fieldMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { useBulkApply, useBulkPreview } from './use-allocate.js';
import { useDormitoriesT } from './use-dormitories-t.js';

const resolver = zodResolver(bulkAllocationSchema);

/**
 * 批量分配 (docs/adr/0053-dormitories.md#bulk-allocation): a grade, a gender and the rooms to fill; the preview says
 * who goes where and who is left without a bed, the apply does it (planned again by the server on the locked rooms,
 * so what it answers is what was done).
 */
export function BulkAllocationPanel({ rooms, buildingName }: { rooms: readonly ResourceRecord[]; buildingName: (id: unknown) => string }) {
  const { d } = useDormitoriesT();
  const preview = useBulkPreview();
  const apply = useBulkApply();
  const [plan, setPlan] = useState<{ plan: BulkAllocationPlan; applied: boolean } | null>(null);
  const { control, register, handleSubmit, formState } = useForm<BulkAllocationInput>({ defaultValues: { grade: '10', gender: 'M', roomIds: [] }, resolver });
  const gender = useWatch({ control, name: 'gender' });
  const err = (field: keyof BulkAllocationInput) => fieldMessage(formState.errors[field]);
  const run = (applying: boolean) =>
    handleSubmit(async (body) => {
      try {
        const res = applying ? await apply.mutateAsync(body) : await preview.mutateAsync(body);
        if (res.data) setPlan({ plan: res.data, applied: applying });
        if (applying) toast.success(res.msg);
      } catch (e) {
        toast.error(errorMessage(e));
      }
    });
  const ofGender = rooms.filter((r) => r.gender === gender);
  return (
    <Segment data-testid="dorm-bulk">
      <h4>{d('bulk.title')}</h4>
      <div className="sf-hint">{d('bulk.hint')}</div>
      <Form>
        <Form.Group widths="equal">
          <Form.Field required>
            <label htmlFor="dorm-bulk-grade">{d('fields.grade')}</label>
            <select id="dorm-bulk-grade" className="ui dropdown" data-testid="dorm-bulk-grade" {...register('grade')}>
              {GRADES.map((g) => (
                <option key={g} value={g}>
                  {kitText(`resource.enums.grade.${g}`)}
                </option>
              ))}
            </select>
          </Form.Field>
          <Form.Field required>
            <label htmlFor="dorm-bulk-gender">{d('fields.gender')}</label>
            <select id="dorm-bulk-gender" className="ui dropdown" data-testid="dorm-bulk-gender" {...register('gender')}>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {kitText(`resource.enums.gender.${g}`)}
                </option>
              ))}
            </select>
          </Form.Field>
        </Form.Group>
        <Form.Field required error={Boolean(err('roomIds'))}>
          <label>{d('fields.rooms')}</label>
          <Controller
            control={control}
            name="roomIds"
            render={({ field }) => (
              <div className="sf-dorm-room-checks" data-testid="dorm-bulk-rooms">
                {ofGender.map((r) => (
                  <Checkbox
                    key={r.id}
                    label={`${buildingName(r.buildingId)} ${String(r.code)} (${Number(r.occupied ?? 0)}/${Number(r.bedsEffective)})`}
                    checked={field.value.includes(r.id)}
                    onChange={(_, v) => field.onChange(v.checked ? [...field.value, r.id] : field.value.filter((id) => id !== r.id))}
                    data-testid={`dorm-bulk-room-${String(r.code)}`}
                  />
                ))}
              </div>
            )}
          />
          <FieldError testId="dorm-bulk-rooms" error={err('roomIds')} />
        </Form.Field>
        <Button type="button" size="small" loading={preview.isPending} content={d('actions.preview')} onClick={() => void run(false)()} data-testid="dorm-bulk-preview" />
        <Button type="button" size="small" primary disabled={!plan || plan.applied || plan.plan.placements.length === 0} loading={apply.isPending} content={d('actions.apply')} onClick={() => void run(true)()} data-testid="dorm-bulk-apply" />
      </Form>
      {plan ? <PlanTable plan={plan.plan} /> : null}
    </Segment>
  );
}

function PlanTable({ plan }: { plan: BulkAllocationPlan }) {
  const { d } = useDormitoriesT();
  return (
    <div data-testid="dorm-bulk-plan">
      <Message info size="small" content={d('bulk.summary', { placed: plan.placements.length, unplaced: plan.unplaced.length, free: plan.freeBedsLeft })} data-testid="dorm-bulk-summary" />
      {plan.skippedRooms.map((r) => (
        <Message key={r.roomId} warning size="tiny" content={d('bulk.skippedRoom', { room: r.roomCode, reason: d(`skipped.${r.reason}`) })} />
      ))}
      <Table compact unstackable size="small">
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>{d('fields.student')}</Table.HeaderCell>
            <Table.HeaderCell>{d('fields.className')}</Table.HeaderCell>
            <Table.HeaderCell>{d('fields.bed')}</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {plan.placements.map((p) => (
            <Table.Row key={p.studentId}>
              <Table.Cell>{`${p.name} ${p.studentNo}`}</Table.Cell>
              <Table.Cell>{p.className}</Table.Cell>
              <Table.Cell>{`${p.buildingName} ${p.roomCode}-${p.bedNo}`}</Table.Cell>
            </Table.Row>
          ))}
          {plan.unplaced.map((p) => (
            <Table.Row key={p.studentId} negative>
              <Table.Cell>{`${p.name} ${p.studentNo}`}</Table.Cell>
              <Table.Cell>{p.className}</Table.Cell>
              <Table.Cell>{d('bulk.unplaced')}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </div>
  );
}
