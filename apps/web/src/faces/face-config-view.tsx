import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Form, Loader, Segment } from 'semantic-ui-react';
import { type FaceSettings, faceSettingsSchema, type FaceSettingsValues } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import type { ViewProps } from '../router/view-props.js';
import { fieldMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { useFaceGroups } from './use-face-groups.js';
import { useFaceSettings } from './use-face-settings.js';
import { useFacesT } from './use-faces-t.js';
import { useSaveFaceSettings } from './use-save-face-settings.js';
import './faces.css';

interface Draft {
  threshold: string;
  checkinEnabled: boolean;
  checkinGroupId: string;
  liveness: boolean;
  livenessMin: string;
}
const draftOf = (s: FaceSettings): Draft => ({ threshold: s.threshold.toFixed(2), checkinEnabled: s.checkinEnabled, checkinGroupId: s.checkinGroupId ?? '', liveness: s.liveness, livenessMin: s.livenessMin.toFixed(2) });

/**
 * 识别设置 (`/faceRecognition/config`; docs/product/campus-life.md#face-recognition): the match threshold, whether
 * teachers may check in by face and against which group, the liveness check — checked by the contract's schema here
 * and again by the server — and the model the server runs, with its load time since this start.
 */
export default function FaceConfigView({ active }: ViewProps) {
  const { f } = useFacesT();
  const settings = useFaceSettings(active);
  const groups = useFaceGroups(active);
  const save = useSaveFaceSettings();
  const { register, handleSubmit, reset, formState } = useForm<Draft, unknown, FaceSettingsValues>({ resolver: zodResolver(faceSettingsSchema) as never });
  useEffect(() => {
    if (settings.data) reset(draftOf(settings.data));
  }, [settings.data, reset]);
  const submit = handleSubmit(async (body) => {
    try {
      const res = await save.mutateAsync(body);
      toast.success(res.msg || f('results.saved'));
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  const err = (k: keyof Draft) => fieldMessage(formState.errors[k]);
  const model = settings.data?.model;
  return (
    <div className="sf-page sf-faces" data-testid="face-config-view">
      <Segment className="sf-card">
        <h3>{f('page.config')}</h3>
        {settings.isLoading ? <Loader active inline="centered" size="small" /> : null}
        <Form onSubmit={() => void submit()} data-testid="face-config-form">
          <Form.Group widths="equal">
            <Form.Field required error={Boolean(err('threshold'))}>
              <label htmlFor="face-threshold">{f('fields.threshold')}</label>
              <input id="face-threshold" type="number" step="0.01" data-testid="face-threshold" {...register('threshold')} />
              <FieldError testId="face-threshold" error={err('threshold')} />
              <div className="sf-hint">{f('hints.threshold')}</div>
            </Form.Field>
            <Form.Field>
              <label htmlFor="face-group">{f('fields.checkinGroup')}</label>
              <select id="face-group" data-testid="face-checkin-group" {...register('checkinGroupId')}>
                <option value="">{f('hints.noGroup')}</option>
                {(groups.data ?? []).map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))}
              </select>
            </Form.Field>
          </Form.Group>
          <Form.Field>
            <label>
              <input type="checkbox" data-testid="face-checkin-enabled" {...register('checkinEnabled')} /> {f('fields.checkinEnabled')}
            </label>
          </Form.Field>
          <Form.Group widths="equal">
            <Form.Field>
              <label>
                <input type="checkbox" data-testid="face-liveness" {...register('liveness')} /> {f('fields.liveness')}
              </label>
              <div className="sf-hint">{f('hints.liveness')}</div>
            </Form.Field>
            <Form.Field error={Boolean(err('livenessMin'))}>
              <label htmlFor="face-liveness-min">{f('fields.livenessMin')}</label>
              <input id="face-liveness-min" type="number" step="0.01" data-testid="face-liveness-min" {...register('livenessMin')} />
              <FieldError testId="face-liveness-min" error={err('livenessMin')} />
            </Form.Field>
          </Form.Group>
          <Button type="submit" primary size="small" loading={save.isPending} content={f('actions.save')} data-testid="face-config-save" />
        </Form>
      </Segment>
      {model ? (
        <Segment className="sf-card" data-testid="face-model">
          <h4>{f('fields.model')}</h4>
          <div>
            {model.library} {model.version} · {model.detector} · {model.descriptor} · {model.backend}
          </div>
          <div className="sf-hint">{model.loadMs === null ? f('hints.modelNotLoaded') : f('hints.modelLoad', { ms: `${model.loadMs} ms` })}</div>
          <div className="sf-hint">{f('hints.privacy')}</div>
        </Segment>
      ) : null}
    </div>
  );
}
